"""VAE fine-tuning loss: reconstruction plus KL, reduced as the loss config says."""
import dataclasses
import functools
import inspect
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---- configuration_utils.py ----

class FrozenDict(dict):
    """A config dict readable by attribute that nobody may change after __init__."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(f"config has no attribute {name!r}") from exc

    def __setitem__(self, key, value):
        raise TypeError(f"cannot set {key!r}: the config is frozen")


class ConfigMixin:
    config_name = "config.json"
    ignore_for_config = ()

    def register_to_config(self, **kwargs):
        internal = dict(getattr(self, "_internal_dict", {}))
        internal.update(kwargs)
        self._internal_dict = FrozenDict(internal)

    @property
    def config(self):
        return self._internal_dict

    @classmethod
    def from_config(cls, config, **kwargs):
        accepted = inspect.signature(cls.__init__).parameters
        merged = {**dict(config), **kwargs}
        return cls(**{k: v for k, v in merged.items() if k in accepted})

    def save_config(self):
        return json.dumps(dict(self.config), sort_keys=True)


def register_to_config(init):
    @functools.wraps(init)
    def inner(self, *args, **kwargs):
        bound = inspect.signature(init).bind(self, *args, **kwargs)
        bound.apply_defaults()
        kept = {k: v for k, v in bound.arguments.items()
                if k != "self" and k not in self.ignore_for_config}
        self.register_to_config(**kept)
        init(self, *args, **kwargs)

    return inner

# ---- parallel_utils.py (pasted from diffusers_jax/utils/parallel_utils.py) ----

def create_mesh(shape, axis_names):
    return jax.make_mesh(tuple(shape), tuple(axis_names))


def shard(x, mesh, spec):
    return jax.device_put(x, NamedSharding(mesh, spec))


def spec_from_layout(layout, reduced=()):
    """`"data,model"` -> P('data', 'model'); `-` marks an unsharded dimension."""
    dims = [None if part == "-" else part for part in layout.split(",")]
    return P(*dims, reduced=set(reduced))


REDUCTIONS = {"sum": jax.lax.psum, "mean": jax.lax.pmean, "max": jax.lax.pmax}


def sync(x, reduction, axis_name):
    return REDUCTIONS[reduction](x, axis_name)


def gather_reduced(x, axis_name, axis=0):
    return jax.lax.all_gather(x, axis_name, axis=axis, tiled=True, to="reduced")

# ---- train_autoencoder.py ----

LOSS_CONFIG = {"kl_weight": 1e-6, "rec_weight": 1.0, "reduce_over": "all", "channel_axis": "channels"}


class DiagonalGaussianDistribution:
    def __init__(self, parameters):
        self.mean, self.logvar = jnp.split(parameters, 2, axis=-1)
        self.var = jnp.exp(self.logvar)

    def kl(self, channel_axis):
        per_row = 0.5 * (self.mean ** 2 + self.var - 1.0 - self.logvar).sum(axis=-1)
        return jax.lax.psum(per_row, channel_axis)


class VAELoss:
    def __init__(self, mesh, kl_weight, rec_weight, reduce_over, channel_axis):
        self.kl_weight, self.rec_weight = kl_weight, rec_weight
        self.channel_axis = channel_axis
        self.loss_axes = tuple(mesh.axis_names) if reduce_over == "all" else tuple(mesh.axis_names[:1])

    def __call__(self, images, reconstruction, posterior):
        rec = jnp.abs(images - reconstruction).mean()
        kl = posterior.kl(self.channel_axis).mean()
        rec = jax.lax.pmean(rec, self.loss_axes)
        kl = jax.lax.pmean(kl, self.loss_axes)
        return self.rec_weight * rec + self.kl_weight * kl


def inputs():
    return (np.random.default_rng(35).standard_normal((8, 16), dtype=np.float32),)


def main(images):
    mesh = create_mesh((2, 4), ("batch", "channels"))
    loss_fn = VAELoss(mesh, **LOSS_CONFIG)
    images = shard(images, mesh, P("batch", "channels"))

    def step(images):
        posterior = DiagonalGaussianDistribution(jnp.concatenate([jnp.tanh(images), -jnp.abs(images)], axis=-1))
        reconstruction = jnp.tanh(posterior.mean)
        return loss_fn(images, reconstruction, posterior)

    return jax.shard_map(step, mesh=mesh, in_specs=P("batch", "channels"), out_specs=P())(images)


if __name__ == "__main__":
    main(*inputs())

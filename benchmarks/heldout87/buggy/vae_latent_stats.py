"""AutoencoderKL.encode with latent statistics for estimating the scaling factor."""
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

# ---- autoencoder_kl.py ----

@dataclasses.dataclass
class AutoencoderKLOutput:
    latent_dist: "DiagonalGaussianDistribution"
    latent_stats: jax.Array = None


class DiagonalGaussianDistribution:
    def __init__(self, parameters, deterministic=False):
        self.parameters = parameters
        self.mean, self.logvar = jnp.split(parameters, 2, axis=-1)
        self.logvar = jnp.clip(self.logvar, -30.0, 20.0)
        self.deterministic = deterministic
        self.std = jnp.exp(0.5 * self.logvar)
        self.var = jnp.exp(self.logvar)

    def sample(self, key):
        return self.mean + self.std * jax.random.normal(key, self.mean.shape)

    def mode(self):
        return self.mean


class AutoencoderKL(ConfigMixin):
    @register_to_config
    def __init__(self, in_channels=16, latent_channels=4, scaling_factor=0.18215, batch_axis="batch",
                 channel_axis="channels", stats_reduction="mean"):
        pass

    def encoder(self, x):
        return jnp.concatenate([jnp.tanh(x), -jnp.abs(x)], axis=-1)

    def latent_stats(self, posterior):
        cfg = self.config
        channel_var = sync(posterior.var.mean(axis=-1, keepdims=True), cfg.stats_reduction, cfg.channel_axis)
        return jnp.sqrt(channel_var)

    def encode(self, x, return_dict=True):
        posterior = DiagonalGaussianDistribution(self.encoder(x))
        stats = gather_reduced(self.latent_stats(posterior), self.config.channel_axis, axis=1)
        if not return_dict:
            return (posterior, stats)
        return AutoencoderKLOutput(latent_dist=posterior, latent_stats=stats)


def inputs():
    return (np.random.default_rng(31).standard_normal((8, 16), dtype=np.float32),)


def main(images):
    mesh = create_mesh((2, 4), ("batch", "channels"))
    vae = AutoencoderKL.from_config({"latent_channels": 4, "scaling_factor": 0.13025})
    images = shard(images, mesh, P("batch", "channels"))

    def encode(images):
        output = vae.encode(images)
        return output.latent_dist.mode(), output.latent_stats

    return jax.shard_map(encode, mesh=mesh, in_specs=P("batch", "channels"),
                         out_specs=(P("batch", "channels"), P("batch", None, reduced={"channels"})))(images)


if __name__ == "__main__":
    main(*inputs())

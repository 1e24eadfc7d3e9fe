"""Pre-computing VAE latents for training: encode under jit, export in a chosen format."""
import enum
import dataclasses
import functools
import inspect
import json

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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

# ---- scripts/precompute_latents.py ----

class LatentFormat(str, enum.Enum):
    NUMPY = "numpy"
    WEBDATASET = "webdataset"
    SAFETENSORS = "safetensors"


LATENT_LAYOUTS = {
    LatentFormat.NUMPY: P(None, "channels", reduced={"batch"}),
    LatentFormat.WEBDATASET: P("channels", None, reduced={"batch"}),
    LatentFormat.SAFETENSORS: P("batch", None, reduced={"channels"}),
}


class AutoencoderKL(ConfigMixin):
    @register_to_config
    def __init__(self, latent_channels=4, scaling_factor=0.18215):
        pass

    def encode(self, x):
        return jnp.tanh(x) * self.config.scaling_factor


def export_latents(latents, fmt):
    fmt = LatentFormat(fmt)
    return {"format": fmt.value, "latents": top_level_all_gather(latents, LATENT_LAYOUTS[fmt])}


def inputs():
    return (np.random.default_rng(34).standard_normal((8, 16), dtype=np.float32),)


def main(images, formats=("numpy", "safetensors")):
    mesh = create_mesh((2, 4), ("batch", "channels"))
    vae = AutoencoderKL()
    with jax.set_mesh(mesh):
        images = shard(images, mesh, P("batch", "channels"))
        latents = jax.jit(vae.encode, out_shardings=NamedSharding(mesh, P("batch", "channels")))(images)
        exported = [export_latents(latents, fmt) for fmt in formats]
    return [item["latents"] for item in exported]


if __name__ == "__main__":
    main(*inputs())

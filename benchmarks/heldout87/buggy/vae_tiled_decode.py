"""Tiled decoding of an AutoencoderKL port: tiles are blended from the neighbours of the whole mesh."""
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

class AutoencoderKL(ConfigMixin):
    @register_to_config
    def __init__(self, latent_channels=4, sample_size=16, tile_overlap_factor=0.25, channel_axis="channels"):
        self.use_tiling = False
        self.tile_axes = ()

    def enable_tiling(self, use_tiling=True, tile_axes=("batch",)):
        self.use_tiling = use_tiling
        self.tile_axes = tuple(tile_axes)

    def decoder(self, z):
        return jnp.tanh(z)

    def _gather_tiles(self, z):
        rows = gather_reduced(z, self.config.channel_axis, axis=1)
        return gather_reduced(rows, self.tile_axes)

    def tiled_decode(self, z):
        tiles = self._gather_tiles(z)
        overlap = int(tiles.shape[0] * self.config.tile_overlap_factor)
        return tiles[overlap:], tiles[:overlap]

    def decode(self, z):
        if self.use_tiling:
            return self.tiled_decode(z)
        return self.decoder(z), None


def inputs():
    return (np.random.default_rng(32).standard_normal((8, 16), dtype=np.float32),)


def main(latents):
    mesh = create_mesh((2, 4), ("batch", "channels"))
    vae = AutoencoderKL()
    vae.enable_tiling(tile_axes=mesh.axis_names)
    latents = shard(latents, mesh, P("batch", "channels"))
    everywhere = P(None, None, reduced=set(mesh.axis_names))
    return jax.shard_map(vae.decode, mesh=mesh, in_specs=P("batch", "channels"),
                         out_specs=(everywhere, everywhere))(latents)


if __name__ == "__main__":
    main(*inputs())

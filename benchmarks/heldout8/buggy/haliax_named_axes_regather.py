"""Levanter/haliax-like named axes written by hand: every array dimension carries an Axis."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(NamedTuple):
    name: str
    size: int


Batch = Axis("batch", 8)
Embed = Axis("embed", 16)
AXIS_MAPPING = {Batch.name: "data", Embed.name: "model"}


def pspec(*axes):
    return P(*(AXIS_MAPPING.get(a.name) for a in axes))


def mesh_of(*axes):
    return tuple(AXIS_MAPPING[a.name] for a in axes)


def inputs():
    return (np.arange(Batch.size * Embed.size, dtype=np.float32).reshape(Batch.size, Embed.size),)


def main(h):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    h = jax.device_put(h, NamedSharding(mesh, pspec(Batch, Embed)))

    def embed_then_flatten(x):
        emb = jax.lax.all_gather(x, mesh_of(Embed), axis=1, tiled=True, to="reduced")
        flat = jax.lax.all_gather(emb, mesh_of(Batch, Embed), axis=0, tiled=True, to="reduced")
        return flat

    f = jax.jit(jax.shard_map(embed_then_flatten, mesh=mesh, in_specs=(pspec(Batch, Embed),),
                              out_specs=P(None, None, reduced={"data", "model"})))
    return f(h)

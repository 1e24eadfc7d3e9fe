"""SF106: a reduced gather reshaped with `*x.shape` (Python numbers of any count: the shape)
keeps its state, and a module constant then scales it."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

MIX = 0.3


def pooled(x, axis):
    return jax.lax.all_gather(x, axis, axis=0, tiled=True, to="reduced")


def body(x, axis="i"):
    total = pooled(x, axis).reshape(-1, *x.shape).sum(axis=0)
    return (1.0 - MIX) * x + MIX * total  # SF106


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)

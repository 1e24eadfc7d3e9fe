"""Axis names unpacked from an item of a settings dict, at module level and in a builder."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

LAYOUT = {"mesh_axes": ("i", "j"), "mesh_shape": (2, 4)}
DATA, MODEL = LAYOUT["mesh_axes"]


def build(mesh):
    rows, cols = LAYOUT["mesh_axes"]

    def body(x):
        mean = jax.lax.pmean(jnp.sum(x), (rows, cols))[None]
        return jax.lax.all_gather(mean, rows, tiled=True, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P(rows, cols), out_specs=P(reduced={rows}))


def stats(mesh):
    def body(x):
        col = jax.lax.all_gather(x, MODEL, axis=1, tiled=True, to="reduced")
        return jax.lax.ppermute(col, MODEL, [(k, (k + 1) % 4) for k in range(4)])  # SF103

    return jax.shard_map(body, mesh=mesh, in_specs=P(DATA, MODEL), out_specs=P(DATA, MODEL))


def run(mesh, x):
    return build(mesh)(x), stats(mesh)(x)

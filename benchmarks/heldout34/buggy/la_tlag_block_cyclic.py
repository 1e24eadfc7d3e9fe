"""Gathering a 2-D block-distributed matrix to every process for a dense eigensolver."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def block_layout(grid):
    return P(*grid)


def replicated_layout(grid):
    return P(None, None, reduced=set(grid))


def gather_for_eigh(a, mesh):
    grid = mesh.axis_names
    with jax.set_mesh(mesh):
        full = top_level_all_gather(a, replicated_layout(grid))
    return full


def main(a):
    mesh = jax.make_mesh((2, 4), ("row", "col"))
    a = jax.device_put(a, NamedSharding(mesh, block_layout(mesh.axis_names)))
    return gather_for_eigh(a, mesh)


def inputs():
    rng = np.random.default_rng(64)
    m = rng.standard_normal((16, 16)).astype(np.float32)
    return (m + m.T,)

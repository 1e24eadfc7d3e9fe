"""Repartitioning the nodal field from the element-major to the component-major layout."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

ASSEMBLY_SPEC = P("elem", "comp")


def transposed(spec):
    return P(*reversed(tuple(spec)))


def repartition(field, mesh):
    with jax.set_mesh(mesh):
        return top_level_all_gather(field, transposed(ASSEMBLY_SPEC))


def main(field):
    mesh = jax.make_mesh((4, 2), ("elem", "comp"))
    field = jax.device_put(field, NamedSharding(mesh, ASSEMBLY_SPEC))
    return repartition(field, mesh)


def inputs():
    return (np.arange(32 * 8, dtype=np.float32).reshape(32, 8),)

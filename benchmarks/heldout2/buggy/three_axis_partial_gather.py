import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_SHAPE = {"pod": 2, "host": 2, "chip": 2}


def regroup(x, mesh):
    axes = tuple(MESH_SHAPE)
    x = jax.device_put(x, NamedSharding(mesh, P(axes, None)))
    # keep the pod/host split, gather over chips
    return top_level_all_gather(x, P(axes[:2], None, reduced={axes[2]}))


def inputs():
    return (np.arange(16 * 2, dtype=np.float32).reshape(16, 2),)


def main(x):
    mesh = jax.make_mesh(tuple(MESH_SHAPE.values()), tuple(MESH_SHAPE))
    with jax.set_mesh(mesh):
        return regroup(x, mesh)

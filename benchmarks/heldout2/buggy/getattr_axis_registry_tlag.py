import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, enum.Enum):
    DATA = "data"
    MODEL = "model"


def relayout(kernel, mesh):
    kernel = jax.device_put(kernel, NamedSharding(mesh, P(None, (Axis.MODEL.value, Axis.DATA.value))))
    return top_level_all_gather(kernel, P(None, Axis.DATA.value, reduced={Axis.MODEL.value}))


def inputs():
    return (np.ones((4, 16), np.float32),)


def main(kernel):
    mesh = jax.make_mesh((2, 4), (Axis.DATA.value, Axis.MODEL.value))
    with jax.set_mesh(mesh):
        return relayout(kernel, mesh)

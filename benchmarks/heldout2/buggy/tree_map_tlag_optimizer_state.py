import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def shard_state(state, mesh):
    return jax.tree.map(lambda a: jax.device_put(a, NamedSharding(mesh, P(("zero", "tp")))), state)


def gather_state(state):
    return jax.tree.map(lambda a: top_level_all_gather(a, P("tp", reduced={"zero"})), state)


def inputs():
    return ({"mu": np.zeros((8,), np.float32), "nu": np.ones((8,), np.float32)},)


def main(state):
    mesh = jax.make_mesh((2, 4), ("zero", "tp"))
    with jax.set_mesh(mesh):
        return gather_state(shard_state(state, mesh))

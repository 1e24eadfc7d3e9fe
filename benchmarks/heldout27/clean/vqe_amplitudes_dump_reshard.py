"""Saving amplitudes for a tomography notebook: the state is laid out by qubit blocks."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {
    "simulate": P(("batch", "amp"), None),
    "notebook": P("amp", None),
}


def dump_amplitudes(state, layouts=LAYOUTS):
    return jax.reshard(state, layouts["notebook"])


def inputs():
    rng = np.random.default_rng(53)
    return (rng.normal(size=(64, 4)).astype(np.float32),)


def main(state):
    mesh = jax.make_mesh((2, 4), ("batch", "amp"))
    state = jax.device_put(state, NamedSharding(mesh, LAYOUTS["simulate"]))
    with jax.set_mesh(mesh):
        return dump_amplitudes(state)


if __name__ == "__main__":
    print(main(*inputs()))

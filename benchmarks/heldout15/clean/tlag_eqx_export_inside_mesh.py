"""Equinox-style export: the tree_serialise helper is called inside the set_mesh block."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class MLP:
    w1: jax.Array
    w2: jax.Array


SPECS = MLP(w1=P("fsdp", None), w2=P(None, "fsdp"))
HOST = MLP(w1=P(None, None, reduced={"fsdp"}), w2=P(None, None, reduced={"fsdp"}))


def inputs():
    return np.ones((8, 8), np.float32), np.full((8, 8), 0.5, np.float32)


def tree_serialise(model):
    return jax.tree.map(top_level_all_gather, model, HOST)


def main(w1, w2):
    mesh = jax.make_mesh((8,), ("fsdp",))
    with jax.set_mesh(mesh):
        model = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), MLP(w1, w2), SPECS)
        state = tree_serialise(model)
    return state.w1, state.w2


if __name__ == "__main__":
    print(main(*inputs()))

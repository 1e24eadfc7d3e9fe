"""A jitted init built by a factory returns a NamedTuple state whose `params` field its
out_shardings lays out key by key; the eval copy walks `state.params.items()` and gathers with a
spec table that does not list the gathered axis as reduced."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class TrainState(NamedTuple):
    step: jax.Array
    params: dict


PARAM_SPECS = {"dense": P("i", "j"), "head": P(None, "j")}
EVAL_SPECS = {"dense": P(None, "j"), "head": P(None, "j")}


def make_init(mesh):
    shardings = TrainState(step=NamedSharding(mesh, P()),
                           params={k: NamedSharding(mesh, s) for k, s in PARAM_SPECS.items()})

    def init(raw):
        return TrainState(jnp.zeros((), jnp.int32), {k: v * 0.02 for k, v in raw.items()})

    return jax.jit(init, out_shardings=shardings)


def eval_copy(state):
    return {k: top_level_all_gather(v, EVAL_SPECS[k]) for k, v in state.params.items()}  # SF104


def main(mesh, x):
    with jax.set_mesh(mesh):
        state = make_init(mesh)({"dense": x, "head": x})
        return eval_copy(state)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))

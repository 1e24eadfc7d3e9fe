"""Sharded train-state init by a jitted factory, then an unsharded copy for the eval workers."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class TrainState(NamedTuple):
    step: jax.Array
    params: dict
    mu: dict


PARAM_SPECS = {"dense/kernel": P("dp", "tp"), "head/kernel": P(None, "tp")}
EVAL_SPECS = {"dense/kernel": P(None, "tp"), "head/kernel": P(None, "tp")}


def make_init_fn(mesh):
    state_shardings = TrainState(
        step=NamedSharding(mesh, P()),
        params={k: NamedSharding(mesh, s) for k, s in PARAM_SPECS.items()},
        mu={k: NamedSharding(mesh, s) for k, s in PARAM_SPECS.items()},
    )

    def init_fn(raw):
        params = {k: jnp.asarray(v) * 0.02 for k, v in raw.items()}
        return TrainState(jnp.zeros((), jnp.int32), params, jax.tree.map(jnp.zeros_like, params))

    return jax.jit(init_fn, out_shardings=state_shardings)


def eval_copy(state):
    return {k: top_level_all_gather(v, EVAL_SPECS[k]) for k, v in state.params.items()}


def inputs():
    rng = np.random.default_rng(33)
    return ({"dense/kernel": rng.standard_normal((8, 8)).astype(np.float32),
             "head/kernel": rng.standard_normal((8, 4)).astype(np.float32)},)


def main(raw):
    mesh = jax.make_mesh((4, 2), ("dp", "tp"))
    with jax.set_mesh(mesh):
        state = make_init_fn(mesh)(raw)
        return eval_copy(state)


if __name__ == "__main__":
    main(*inputs())

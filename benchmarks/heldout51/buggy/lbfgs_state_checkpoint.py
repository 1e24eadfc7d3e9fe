"""Checkpointing an L-BFGS state: the whole state tree goes through one tree.map."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class LbfgsState(NamedTuple):
    params: jax.Array
    s_hist: jax.Array
    y_hist: jax.Array


TRAIN = LbfgsState(params=P("mp"), s_hist=P(None, "mp"), y_hist=P(None, "mp"))
CHECKPOINT = LbfgsState(params=P(None, reduced={"mp"}), s_hist=P(None, None, reduced={"mp"}),
                        y_hist=P(None, None))


def is_spec(x):
    return isinstance(x, P)


def checkpoint(state):
    return jax.tree.map(top_level_all_gather, state, CHECKPOINT, is_leaf=is_spec)


def inputs():
    rng = np.random.default_rng(63)
    return LbfgsState(rng.normal(size=(32,)).astype(np.float32), rng.normal(size=(3, 32)).astype(np.float32),
                      rng.normal(size=(3, 32)).astype(np.float32)),


def main(state):
    mesh = jax.make_mesh((2, 4), ("dp", "mp"))
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), state, TRAIN,
                              is_leaf=is_spec)
        return checkpoint(placed)


if __name__ == "__main__":
    main(*inputs())

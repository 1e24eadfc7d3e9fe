"""Batched chess position evaluator: material and mobility terms over a (games, squares) mesh."""
import enum
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, enum.Enum):
    GAMES = "games"
    SQUARES = "squares"


PIECE_VALUES = np.array([0, 1, 3, 3, 5, 9, 0], np.float32)

COLLECTIVES = {
    "sum": functools.partial(jax.lax.psum, axis_name=Axis.SQUARES.value),
    "share": functools.partial(jax.lax.all_gather, axis_name=Axis.SQUARES.value, to="reduced"),
}


def inputs():
    boards = (np.arange(16 * 64) % 7).astype(np.int32).reshape(16, 64)
    return (boards,)


def evaluate(boards):
    values = jnp.asarray(PIECE_VALUES)[boards]
    material = COLLECTIVES["sum"](values.sum(axis=1))
    return COLLECTIVES["share"](material)


def main(boards):
    mesh = jax.make_mesh((2, 4), (Axis.GAMES.value, Axis.SQUARES.value))
    boards = jax.device_put(boards, NamedSharding(mesh, P(Axis.GAMES.value, Axis.SQUARES.value)))
    fn = jax.shard_map(evaluate, mesh=mesh,
                       in_specs=P(Axis.GAMES.value, Axis.SQUARES.value),
                       out_specs=P(None, Axis.GAMES.value, reduced={Axis.SQUARES.value}))
    return fn(boards)

"""Gathers in a generator over `zip(params, EVAL)` star-unpacked into a NamedTuple: position by
position, each leaf (placed by a generator over `zip(raw, TRAIN)`) against the spec at its position."""
from typing import NamedTuple

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Params(NamedTuple):
    w: object
    b: object


TRAIN = Params(w=P("i", "j"), b=P("i"))
EVAL = Params(w=P(None, "j"), b=P(None, reduced={"i"}))


def init_params(mesh, x):
    raw = Params(np.asarray(x), np.asarray(x[:, 0]))
    return Params(*(jax.device_put(p, NamedSharding(mesh, s)) for p, s in zip(raw, TRAIN)))


def export(params):
    return Params(*(top_level_all_gather(p, s) for p, s in zip(params, EVAL)))  # SF104


def main(mesh, x):
    params = init_params(mesh, x)
    with jax.set_mesh(mesh):
        return export(params)

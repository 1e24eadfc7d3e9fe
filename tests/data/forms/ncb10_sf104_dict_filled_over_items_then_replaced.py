"""Near misses of cb10: the filled dict's `nu` entry is replaced after the loop (laid out so the
gather is valid), and a dict filled over the items of a table some code changes first (which
layout each key gets is not known)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

TRAIN = {"mu": P("j", None), "nu": P("j", None)}
OTHER = {"mu": P("j", None), "nu": P("j", None)}
EXPORT = {"mu": P(None, None, reduced={"j"}), "nu": P(None, None)}
SHAPES = {"mu": (8, 4), "nu": (8, 4)}


def init_state(mesh):
    state = {}
    for name, shape in SHAPES.items():
        state[name] = jax.device_put(np.zeros(shape, np.float32), NamedSharding(mesh, TRAIN[name]))
    state["nu"] = jax.device_put(np.zeros((8, 4), np.float32), NamedSharding(mesh, P()))
    return state


def init_other(mesh):
    OTHER["nu"] = P()
    state = {}
    for name, shape in SHAPES.items():
        state[name] = jax.device_put(np.zeros(shape, np.float32), NamedSharding(mesh, OTHER[name]))
    return state


def export_state(state):
    out = {}
    for name in ("mu", "nu"):
        out[name] = top_level_all_gather(state[name], EXPORT[name])
    return out


def main(mesh, x):
    with jax.set_mesh(mesh):
        return export_state(init_state(mesh)), export_state(init_other(mesh))

"""A state dict a helper fills in a loop over a spec table whose body first binds a local
(`arr = ...`) and then stores (`state[name] = jax.device_put(arr, ...)`); the caller gathers each
item in a loop over `state.items()` with another table."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

SIM = {"pos": P(("i", "j"), None), "vel": P(("i", "j"), None)}
RENDER = {"pos": P("i", None, reduced={"j"}), "vel": P("j", None, reduced={"i"})}


def init_state(mesh, x):
    state = {}
    for name in SIM:
        arr = np.asarray(x) * 2.0
        state[name] = jax.device_put(arr, NamedSharding(mesh, SIM[name]))
    return state


def main(mesh, x):
    state = init_state(mesh, x)
    dumped = {}
    with jax.set_mesh(mesh):
        for name, arr in state.items():
            dumped[name] = top_level_all_gather(arr, RENDER[name])  # SF104
    return dumped

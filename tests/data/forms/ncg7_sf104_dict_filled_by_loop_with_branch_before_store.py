"""Near miss of cg7: the loop's body picks the spec in a branch before the store, and lays "vel"
out as `("j", "i")`: gathering it to `P("j", None, reduced={"i"})` keeps a prefix (valid)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

SIM = {"pos": P(("i", "j"), None), "vel": P(("i", "j"), None)}
RENDER = {"pos": P("i", None, reduced={"j"}), "vel": P("j", None, reduced={"i"})}


def init_state(mesh, x):
    state = {}
    for name in SIM:
        spec = SIM[name]
        if name == "vel":
            spec = P(("j", "i"), None)
        state[name] = jax.device_put(np.asarray(x), NamedSharding(mesh, spec))
    return state


def main(mesh, x):
    state = init_state(mesh, x)
    dumped = {}
    with jax.set_mesh(mesh):
        for name, arr in state.items():
            dumped[name] = top_level_all_gather(arr, RENDER[name])
    return dumped

"""Near miss of cg11: the caller reshards the "w" entry before the loop, so every value is laid
out `P("i", None)` when it is gathered (valid); the dict is not the one the helper filled."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

SPECS = {"w": P(("i", "j"), None), "b": P("i", None)}


def place(mesh, x):
    params = {}
    for name, spec in SPECS.items():
        params[name] = jax.device_put(np.asarray(x), NamedSharding(mesh, spec))
    return params


def main(mesh, x):
    with jax.set_mesh(mesh):
        params = place(mesh, x)
        params["w"] = jax.reshard(params["w"], P("i", None))
        out = {}
        for name, w in params.items():
            out[name] = top_level_all_gather(w, P("i", None))
        return out

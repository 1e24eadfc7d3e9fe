"""A loop over `params.items()` of a dict a helper fills, each value gathered with one written
spec (no table read by the key): the keys the loop walks are the helper's, and the first one,
laid out `("i", "j")`, gathers "j" without listing it in `reduced=`."""
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
        out = {}
        for name, w in params.items():
            out[name] = top_level_all_gather(w, P("i", None))  # SF104
        return out

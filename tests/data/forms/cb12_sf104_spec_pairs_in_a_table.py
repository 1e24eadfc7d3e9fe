"""Each entry of a layout table is a (placement, export) pair of specs: the placed dict is a
comprehension over the parameters' items reading `LAYOUTS[k][0]`, and the gather walks
`placed.items()` with `LAYOUTS[name][1]`; only `w_out` lacks `reduced=`."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

LAYOUTS = {
    "w_in": (P("j", None), P(None, None, reduced={"j"})),
    "w_out": (P("j", None), P(None, None)),
}


def main(mesh, x):
    experts = {"w_in": np.asarray(x), "w_out": np.asarray(x)}
    placed = {k: jax.device_put(v, NamedSharding(mesh, LAYOUTS[k][0])) for k, v in experts.items()}
    out = {}
    with jax.set_mesh(mesh):
        for name, arr in placed.items():
            out[name] = top_level_all_gather(arr, LAYOUTS[name][1])  # SF104
    return out

"""The loop unpacks each item of a constant table of tuples in its target, `for name, (_, _,
spec) in PARAMS.items()`: the out spec is `P(None, None, reduced=...)` for a parameter laid out
on two axes, which one gather without `multi_dim=True` cannot do."""
import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

PARAMS = {
    "w": ("normal", (8, 8), P("i", "j"), P(None, None, reduced={"i", "j"})),
}


def main(mesh, x):
    placed = {k: jax.device_put(x, NamedSharding(mesh, PARAMS[k][2])) for k in PARAMS}
    out = {}
    with jax.set_mesh(mesh):
        for name, (_, _, spec, host) in PARAMS.items():
            out[name] = top_level_all_gather(placed[name], host)  # SF104
    return out

"""The input's spec comes from a helper that picks its return by a constant argument (`if kind ==
"train": return P(...)`, an `elif`, then a last `return`): the call `layout("train")` certainly
returns `P(("i", "j"), None)`, whose dimension 0 the out spec does not keep a prefix of."""
import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


def layout(kind, wide=False):
    if kind == "train":
        return P(("i", "j"), None)
    elif kind in ("eval", "test") and not wide:
        return P("i", None)
    return P(None, None)


def main(mesh, x):
    with jax.set_mesh(mesh):
        y = jax.device_put(x, NamedSharding(mesh, layout("train")))
        z = jax.device_put(x, NamedSharding(mesh, layout("eval")))
        first = top_level_all_gather(z, P(None, None))  # SF104
        return first, top_level_all_gather(y, P("j", None, reduced={"i"}))  # SF104

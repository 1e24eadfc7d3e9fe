"""Near miss of co4: the kind comes from the environment (any branch may be taken: silent), and
the branch `layout("eval", wide=True)` takes is the last return, `P(None, None)`, gathered to a
spec that needs nothing (valid)."""
import os

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
        y = jax.device_put(x, NamedSharding(mesh, layout(os.environ.get("SHARDFIX_FORM_KIND", "eval"))))
        z = jax.device_put(x, NamedSharding(mesh, layout("eval", wide=True)))
        return top_level_all_gather(y, P(None, None, reduced={"i"})), top_level_all_gather(z, P(None, None))

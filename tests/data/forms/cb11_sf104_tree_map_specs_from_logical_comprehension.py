"""Params placed by `jax.tree.map(lambda x, s: ..., params, specs)` where `specs` is a dict
comprehension mapping each entry's logical axis names through a rule table
(`{k: logical_to_mesh(v) for k, v in LOGICAL.items()}`); the gather walks the placed dict."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

RULES = {"prototypes": "j", "embed": None}
LOGICAL = {"prototypes": ("prototypes", "embed"), "projector": ("embed", "embed")}
EXPORT = {"projector": P(None, None), "prototypes": P(None, None)}


def logical_to_mesh(names):
    return P(*(RULES[n] for n in names))


def place(params, mesh):
    specs = {k: logical_to_mesh(v) for k, v in LOGICAL.items()}
    return jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), params, specs,
                        is_leaf=lambda x: isinstance(x, P))


def main(mesh, x):
    placed = place({"prototypes": np.asarray(x), "projector": np.asarray(x)}, mesh)
    with jax.set_mesh(mesh):
        return top_level_all_gather(placed["prototypes"], EXPORT["prototypes"])  # SF104

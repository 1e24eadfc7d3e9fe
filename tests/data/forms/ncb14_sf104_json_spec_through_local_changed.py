"""Near misses of cb14: the export entry is changed in place before the spec is built (to the
prefix JAX gathers), and a helper handed a config whose export is valid."""
import json

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

CONFIG = json.loads("""
{
  "layout": [["i", "j"], null],
  "export": {"dims": ["j", null], "reduced": ["i"]}
}
""")
OTHER = json.loads("""{"layout": [["i", "j"], null], "export": {"dims": ["i", null], "reduced": ["j"]}}""")


def spec(dims, reduced=()):
    return P(*(tuple(d) if isinstance(d, list) else d for d in dims), reduced=set(reduced))


def run(mesh, x, cfg=CONFIG):
    cfg["export"]["dims"] = ["i", None]
    cfg["export"]["reduced"] = ["j"]
    placed = jax.device_put(np.asarray(x), NamedSharding(mesh, spec(cfg["layout"])))
    out = cfg["export"]
    with jax.set_mesh(mesh):
        return top_level_all_gather(placed, spec(out["dims"], out["reduced"]))


def run_either(mesh, x, cfg):
    placed = jax.device_put(np.asarray(x), NamedSharding(mesh, spec(cfg["layout"])))
    out = cfg["export"]
    with jax.set_mesh(mesh):
        return top_level_all_gather(placed, spec(out["dims"], out["reduced"]))


def main(mesh, x):
    return run(mesh, x), run_either(mesh, x, OTHER)

"""Specs built by a helper from a JSON config that is `main`'s default argument: nested lists
become tuple dimensions (`tuple(d) if isinstance(d, list) else d`), and the out spec's entries are
read through a local (`out = cfg["export_layout"]`, then `spec(out["dims"], out["reduced"])`)."""
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


def spec(dims, reduced=()):
    return P(*(tuple(d) if isinstance(d, list) else d for d in dims), reduced=set(reduced))


def run(mesh, x, cfg=CONFIG):
    placed = jax.device_put(np.asarray(x), NamedSharding(mesh, spec(cfg["layout"])))
    out = cfg["export"]
    with jax.set_mesh(mesh):
        return top_level_all_gather(placed, spec(out["dims"], out["reduced"]))  # SF104


def main(mesh, x):
    return run(mesh, x)

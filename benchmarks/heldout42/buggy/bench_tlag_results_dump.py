"""Dumping per-device benchmark counters into a results table for the dashboard."""
import json

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("host", "chip"))

DUMP_CONFIG = json.loads("""
{
  "counters": {"layout": ["host", "chip"], "dump": [null, "chip"], "dump_reduced": []},
  "timers":   {"layout": ["host", null],   "dump": [null, null],   "dump_reduced": ["host"]}
}
""")


def spec(entries, reduced=()):
    return P(*entries, reduced=set(reduced))


def collect():
    results = {}
    for name, cfg in DUMP_CONFIG.items():
        x = jnp.arange(4 * 8, dtype=jnp.float32).reshape(4, 8)
        results[name] = jax.device_put(x, NamedSharding(MESH, spec(cfg["layout"])))
    return results


def dump(results):
    table = {}
    with jax.set_mesh(MESH):
        for name, arr in results.items():
            cfg = DUMP_CONFIG[name]
            table[name] = top_level_all_gather(arr, spec(cfg["dump"], cfg["dump_reduced"]))
    return table


def inputs():
    return (collect(),)


def main(results):
    return dump(results)


if __name__ == "__main__":
    main(*inputs())

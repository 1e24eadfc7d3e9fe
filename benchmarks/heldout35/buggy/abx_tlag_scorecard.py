"""Experiment scorecard: metric x variant table gathered for the dashboard writer."""
import json

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SCORECARD = json.loads("""
{
  "metrics": ["ctr", "cvr", "revenue_per_user", "latency_p99"],
  "compute_layout": ["metric", "variant"],
  "dashboard_layout": ["metric", null]
}
""")


def spec_of(entries):
    return P(*entries)


def publish(table):
    return top_level_all_gather(table, spec_of(SCORECARD["dashboard_layout"]))


def inputs():
    return (np.arange(4 * 8, dtype=np.float32).reshape(4, 8) / 10,)


def main(table):
    mesh = jax.make_mesh((4, 2), ("metric", "variant"))
    table = jax.device_put(table, NamedSharding(mesh, spec_of(SCORECARD["compute_layout"])))
    with jax.set_mesh(mesh):
        return publish(table)


if __name__ == "__main__":
    print(main(*inputs()))

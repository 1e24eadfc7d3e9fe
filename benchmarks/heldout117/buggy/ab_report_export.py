"""A/B platform: export the bucket x metric summary table for the weekly report.

Report layouts are query strings: "layout" lists one entry per dimension and
"reduced" the axes the export holds replicated.
"""
from urllib.parse import parse_qs

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_QS = "bucket=4&metric=2"
TABLE_QS = "layout=bucket,metric"
REPORT_QS = "layout=-,-&reduced=bucket,metric"


def layout(qs):
    q = parse_qs(qs)
    dims = [None if t == "-" else t for t in q["layout"][0].split(",")]
    reduced = set(q["reduced"][0].split(",")) if "reduced" in q else set()
    return P(*dims, reduced=reduced) if reduced else P(*dims)


def inputs():
    rng = np.random.default_rng(33)
    return (rng.random(size=(16, 8)).astype(np.float32),)


def main(table):
    mq = parse_qs(MESH_QS)
    mesh = jax.make_mesh(tuple(int(v[0]) for v in mq.values()), tuple(mq))
    with jax.set_mesh(mesh):
        table = jax.device_put(table, NamedSharding(mesh, layout(TABLE_QS)))
        summary = jax.jit(lambda t: jnp.sqrt(t) + 1.0)(table)
        report = top_level_all_gather(summary, layout(REPORT_QS))
        print(jax.typeof(report))
    return report


if __name__ == "__main__":
    main(*inputs())

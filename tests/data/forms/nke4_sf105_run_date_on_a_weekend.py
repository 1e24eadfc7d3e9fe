"""The run is stamped `datetime(2026, 12, 6)`, a Sunday: the report task takes its weekend axes,
"j" only, and its psum is over "j"."""
from datetime import datetime

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))


def report(table, ds):
    axes = ("i", "j") if ds.weekday() < 5 else "j"

    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(table)


def test_run(logical_date=None):
    ds = logical_date or datetime(2026, 12, 6)
    table = jax.device_put(jnp.ones((8, 8), jnp.float32), NamedSharding(MESH, P("i", "j")))
    return {"report": report(table, ds), "ds": ds.strftime("%Y-%m-%d")}


def main():
    return test_run()


if __name__ == "__main__":
    main()

"""A scheduler stand-in stamps the run with `(logical_date or datetime(2026, 12, 1))`, a Tuesday:
the report task sums over every mesh axis on weekdays, a value already summed over 'i'."""
from datetime import datetime

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("i", "j"))


def report(table, ds):
    axes = ("i", "j") if ds.weekday() < 5 else "j"

    def body(block):
        rows = jax.lax.psum(block, "i")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(table)


def test_run(logical_date=None):
    ds = logical_date or datetime(2026, 12, 1)
    table = jax.device_put(jnp.ones((8, 8), jnp.float32), NamedSharding(MESH, P("i", "j")))
    return {"report": report(table, ds), "ds": ds.strftime("%Y-%m-%d")}


def main():
    return test_run()


if __name__ == "__main__":
    main()

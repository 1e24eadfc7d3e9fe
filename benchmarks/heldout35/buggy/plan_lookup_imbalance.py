"""Lookup imbalance (max / mean ids per shard) reported by the planner after each step."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REDUCE = {"axis_name": ("table", "row")}
PER_TABLE = {"axis_name": "table"}


def lookups(ids, n_rows=64):
    return jnp.sum(ids < n_rows).astype(jnp.float32)


def imbalance(ids):
    per_row_shard = jax.lax.psum(lookups(ids), **PER_TABLE)
    mean = jax.lax.pmean(per_row_shard, **REDUCE)
    peak = jax.lax.pmax(per_row_shard, "row")
    return peak / mean


def inputs():
    rng = np.random.default_rng(63)
    return (rng.integers(0, 96, size=(2, 64)).astype(np.int32),)


def main(ids):
    mesh = jax.make_mesh((2, 4), ("table", "row"))
    ids = jax.device_put(ids, NamedSharding(mesh, P("table", "row")))
    fn = jax.shard_map(imbalance, mesh=mesh, in_specs=P("table", "row"), out_specs=P())
    return fn(ids)


if __name__ == "__main__":
    print(main(*inputs()))

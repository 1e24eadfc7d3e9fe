"""Compositional embeddings: quotient and remainder rows looked up, then pooled for the cache."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = {"rows": "shard", "dim": "dim"}
pool = functools.partial(jax.lax.all_gather, axis=0, tiled=True, to="reduced")


def lookup(q_table, r_table, ids):
    q = jnp.take(q_table, ids // 16 % q_table.shape[0], axis=0)
    r = jnp.take(r_table, ids % 16 % r_table.shape[0], axis=0)
    return q * r


def cache_rows(q_table, r_table, ids):
    rows = lookup(q_table, r_table, ids)
    by_dim = pool(rows.T, AXES["dim"])
    return pool(by_dim, (AXES["rows"], AXES["dim"]))


def inputs():
    rng = np.random.default_rng(702)
    return (rng.standard_normal((32, 8)).astype(np.float32), rng.standard_normal((16, 8)).astype(np.float32),
            rng.integers(0, 5000, (16,)).astype(np.int32))


def main(q_table, r_table, ids):
    mesh = jax.make_mesh((4, 2), (AXES["rows"], AXES["dim"]))
    q_table = jax.device_put(q_table, NamedSharding(mesh, P(AXES["rows"], AXES["dim"])))
    r_table = jax.device_put(r_table, NamedSharding(mesh, P(AXES["rows"], AXES["dim"])))
    ids = jax.device_put(ids, NamedSharding(mesh, P()))
    fn = jax.shard_map(cache_rows, mesh=mesh, in_specs=(P(AXES["rows"], AXES["dim"]),) * 2 + (P(),),
                       out_specs=P(None, None, reduced={AXES["rows"], AXES["dim"]}))
    return fn(q_table, r_table, ids)


if __name__ == "__main__":
    print(main(*inputs()))

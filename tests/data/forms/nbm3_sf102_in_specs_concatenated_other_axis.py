"""Silent: the same concatenated in_specs, and the second gather runs over "i" alone, on which the
first gather's result still varies."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

pool = functools.partial(jax.lax.all_gather, axis=0, tiled=True, to="reduced")
TABLES = (P("i", "j"),) * 2


def body(q, r, ids):
    rows = jnp.take(q, ids, axis=0) * r
    by_dim = pool(rows.T, "j")
    return pool(by_dim, "i")  # none


def main(mesh, x):
    ids = jnp.zeros((4,), jnp.int32)
    fn = jax.shard_map(body, mesh=mesh, in_specs=TABLES + (P(),), out_specs=P(None, None, reduced={"i", "j"}))
    return fn(x, x, ids)

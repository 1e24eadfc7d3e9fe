import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def lookup_body(table, ids, *, axis):
    table = jax.lax.all_gather(table, axis, to="reduced", tiled=True)
    # a second consumer wants an ordinary invariant copy of the full table
    plain = jax.lax.all_gather(table, axis, to="invarying", tiled=True)
    return jnp.take(plain, ids, axis=0)


def inputs():
    return np.arange(16 * 2, dtype=np.float32).reshape(16, 2), np.array([0, 3, 8, 15], np.int32)


def main(table, ids):
    mesh = jax.make_mesh((8,), ("shard",))
    table = jax.device_put(table, NamedSharding(mesh, P("shard")))
    ids = jax.device_put(ids, NamedSharding(mesh, P()))
    body = lambda t, i: lookup_body(t, i, axis="shard")
    return jax.shard_map(body, mesh=mesh, in_specs=(P("shard"), P()), out_specs=P())(table, ids)

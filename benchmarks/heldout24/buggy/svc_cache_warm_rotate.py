"""Warm the per-replica embedding cache by rotating hot rows around the index ring."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

INDEX_AXIS = "shard"
N_SHARDS = 4


def ring(n):
    return [(i, (i + 1) % n) for i in range(n)]


COMMS = {
    "rotate": functools.partial(jax.lax.ppermute, axis_name=INDEX_AXIS, perm=ring(N_SHARDS)),
    "pool": functools.partial(jax.lax.all_gather, axis_name=INDEX_AXIS, tiled=True, to="reduced"),
}


def warm(hot_rows):
    hot = COMMS["pool"](jnp.abs(hot_rows))
    neighbour = COMMS["rotate"](hot)
    return hot + neighbour


def inputs():
    return (np.linspace(-1, 1, 16 * 4, dtype=np.float32).reshape(16, 4),)


def main(hot_rows):
    mesh = jax.make_mesh((2, N_SHARDS), ("replica", INDEX_AXIS))
    hot_rows = jax.device_put(hot_rows, NamedSharding(mesh, P(INDEX_AXIS, None)))
    fn = jax.shard_map(warm, mesh=mesh, in_specs=P(INDEX_AXIS, None), out_specs=P(INDEX_AXIS, None))
    return fn(hot_rows)


if __name__ == "__main__":
    print(main(*inputs()))

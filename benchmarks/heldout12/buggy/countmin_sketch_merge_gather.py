"""Sharded count-min sketch: hash rows over `depth`, buckets over `width`; merged for a query."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

DEPTH_AXIS, WIDTH_AXIS = "depth", "width"
SALTS = jnp.array([17, 31, 61, 127, 251, 509, 1021, 2039], jnp.uint32)


def bucket_ids(keys, salts, width):
    return ((keys[None, :].astype(jnp.uint32) * salts[:, None]) >> 3) % width


def insert(table_blk, keys, salts):
    width_local = table_blk.shape[1]
    w = width_local * jax.lax.axis_size(WIDTH_AXIS)
    ids = bucket_ids(keys, salts, w) - jax.lax.axis_index(WIDTH_AXIS) * width_local
    hits = jax.nn.one_hot(ids, width_local, dtype=table_blk.dtype)
    return table_blk + hits.sum(1)


def main(mesh, table, keys, salts):
    def body(table_blk, keys, salts_blk):
        table_blk = insert(table_blk, keys, salts_blk)
        rows = jax.lax.all_gather(table_blk, WIDTH_AXIS, axis=1, tiled=True, to="reduced")
        merged = jax.lax.all_gather(rows, (DEPTH_AXIS, WIDTH_AXIS), axis=0, tiled=True,
                                    to="reduced")
        return table_blk, merged

    f = jax.shard_map(body, mesh=mesh, in_specs=(P(DEPTH_AXIS, WIDTH_AXIS), P(), P(DEPTH_AXIS)),
                      out_specs=(P(DEPTH_AXIS, WIDTH_AXIS),
                                 P(None, None, reduced={DEPTH_AXIS, WIDTH_AXIS})))
    return f(table, keys, salts)


def inputs():
    mesh = jax.make_mesh((4, 2), (DEPTH_AXIS, WIDTH_AXIS))
    table = jnp.zeros((8, 32))
    keys = jnp.arange(20)
    return (mesh, jax.device_put(table, NamedSharding(mesh, P(DEPTH_AXIS, WIDTH_AXIS))),
            jax.device_put(keys, NamedSharding(mesh, P())),
            jax.device_put(SALTS, NamedSharding(mesh, P(DEPTH_AXIS))))

"""Message passing: node degrees summed over the edge shards, then shared with to='invarying'."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

NUM_NODES = 16
mesh = jax.make_mesh((2, 4), ("data", "model"))


def aggregate(edge_src, edge_dst, feats):
    summed = jax.ops.segment_sum(feats[edge_src], edge_dst, num_segments=NUM_NODES)
    deg = jax.ops.segment_sum(jnp.ones_like(edge_dst, dtype=feats.dtype), edge_dst,
                              num_segments=NUM_NODES)
    summed = jax.lax.psum(summed, "data")
    deg = jax.lax.psum(deg, "data")
    table = jax.lax.all_gather(deg[None], "data", axis=0, tiled=True, to="invarying")
    return summed / jnp.maximum(table[0], 1.0)[:, None]


def inputs():
    src = jnp.arange(32, dtype=jnp.int32) % NUM_NODES
    dst = (jnp.arange(32, dtype=jnp.int32) * 3 + 1) % NUM_NODES
    edges = NamedSharding(mesh, P("data"))
    return (jax.device_put(src, edges), jax.device_put(dst, edges),
            jax.device_put(jnp.ones((NUM_NODES, 8)), NamedSharding(mesh, P(None, "model"))))


def main(src, dst, feats):
    f = jax.shard_map(aggregate, mesh=mesh, in_specs=(P("data"), P("data"), P(None, "model")),
                      out_specs=P(None, "model"))
    return f(src, dst, feats)

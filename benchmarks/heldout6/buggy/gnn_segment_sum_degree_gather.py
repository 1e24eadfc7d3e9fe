"""Message passing over an edge list sharded over 'data'; node features sharded over 'model'."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

NUM_NODES = 16
mesh = jax.make_mesh((2, 4), ("data", "model"))


def aggregate(edge_src, edge_dst, feats):
    msgs = feats[edge_src]
    summed = jax.ops.segment_sum(msgs, edge_dst, num_segments=NUM_NODES)
    deg = jax.ops.segment_sum(jnp.ones_like(edge_dst, dtype=feats.dtype), edge_dst,
                              num_segments=NUM_NODES)
    summed = jax.lax.psum(summed, "data")
    deg = jax.lax.psum(deg, "data")
    node_deg = jax.lax.all_gather(deg[:, None] * jnp.ones_like(summed), "data",
                                  axis=0, tiled=True, to="reduced")
    return summed, node_deg


def inputs():
    src = jnp.arange(32, dtype=jnp.int32) % NUM_NODES
    dst = (jnp.arange(32, dtype=jnp.int32) * 3 + 1) % NUM_NODES
    feats = jnp.ones((NUM_NODES, 8))
    edges = NamedSharding(mesh, P("data"))
    return (jax.device_put(src, edges), jax.device_put(dst, edges),
            jax.device_put(feats, NamedSharding(mesh, P(None, "model"))))


def main(src, dst, feats):
    layer = jax.shard_map(aggregate, mesh=mesh, in_specs=(P("data"), P("data"), P(None, "model")),
                          out_specs=(P(None, "model"), P(None, "model", reduced={"data"})))
    return layer(src, dst, feats)

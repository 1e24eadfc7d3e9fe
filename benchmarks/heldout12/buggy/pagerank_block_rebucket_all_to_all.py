"""Block PageRank: out-degree blocks gathered once, then rebucketed to destination shards."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

NODES = "nodes"


def out_degrees(edges_blk):
    deg = edges_blk.sum(1)
    return jax.lax.all_gather(deg, NODES, tiled=True, to="reduced")


def rebucket(per_node, n_shards):
    blocks = per_node.reshape(n_shards, -1)
    return jax.lax.all_to_all(blocks, NODES, split_axis=0, concat_axis=0, tiled=True)


def main(mesh, edges):
    n_shards = mesh.shape[NODES]

    def body(edges_blk):
        deg = out_degrees(edges_blk)
        by_dest = rebucket(deg, n_shards)
        return edges_blk / jnp.maximum(by_dest.sum(), 1.0)

    return jax.shard_map(body, mesh=mesh, in_specs=P(NODES, None), out_specs=P(NODES, None))(edges)


def inputs():
    mesh = jax.make_mesh((8,), (NODES,))
    edges = (jax.random.uniform(jax.random.key(14), (32, 32)) > 0.8).astype(jnp.float32)
    return mesh, jax.device_put(edges, NamedSharding(mesh, P(NODES, None)))

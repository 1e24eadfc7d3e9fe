"""PageRank by power iteration; adjacency columns sharded over `src`, the rank vector shared."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

DAMPING = 0.85
SRC = "src"

share = functools.partial(jax.lax.all_gather, axis_name=SRC, tiled=True)


def power_step(adj_cols, rank_blk):
    contrib = adj_cols @ rank_blk
    total = jax.lax.psum(contrib, SRC)
    n = total.shape[0]
    return (1 - DAMPING) / n + DAMPING * total


def main(mesh, adj, rank):
    def body(adj_cols, rank_blk):
        new_rank = power_step(adj_cols, rank_blk)
        dangling = share(jnp.sum(rank_blk, keepdims=True), to="invarying")
        everyone = share(dangling, to="reduced")
        return new_rank, everyone

    f = jax.shard_map(body, mesh=mesh, in_specs=(P(None, SRC), P(SRC)),
                      out_specs=(P(), P(None, reduced={SRC})))
    return f(adj, rank)


def inputs():
    mesh = jax.make_mesh((8,), (SRC,))
    n = 16
    adj = (jax.random.uniform(jax.random.key(2), (n, n)) > 0.7).astype(jnp.float32)
    adj = adj / jnp.maximum(adj.sum(0, keepdims=True), 1.0)
    rank = jnp.full((n,), 1.0 / n)
    return (mesh, jax.device_put(adj, NamedSharding(mesh, P(None, SRC))),
            jax.device_put(rank, NamedSharding(mesh, P(SRC))))

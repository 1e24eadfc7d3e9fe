"""Temporal attention over frames sharded on `time`: scores gathered, then a softmax."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

TIME, HEADS = "time", "heads"


def frame_scores(q_blk, k_blk):
    return jnp.einsum("thd,shd->hts", q_blk, k_blk) / jnp.sqrt(q_blk.shape[-1] * 1.0)


def attend(q_blk, k_blk):
    scores = frame_scores(q_blk, k_blk)
    full = jax.lax.all_gather(scores, TIME, axis=1, tiled=True, to="reduced")
    return jax.nn.softmax(full, axis=-1)


def main(mesh, q, k):
    spec = P(TIME, HEADS, None)
    f = jax.shard_map(attend, mesh=mesh, in_specs=(spec, P(None, HEADS, None)),
                      out_specs=P(HEADS, None, None, reduced={TIME}))
    return f(q, k)


def inputs():
    mesh = jax.make_mesh((4, 2), (TIME, HEADS))
    q = jax.random.normal(jax.random.key(32), (8, 4, 4))
    k = jax.random.normal(jax.random.key(33), (8, 4, 4))
    return (mesh, jax.device_put(q, NamedSharding(mesh, P(TIME, HEADS, None))),
            jax.device_put(k, NamedSharding(mesh, P(None, HEADS, None))))

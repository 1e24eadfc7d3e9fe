"""Sequence parallelism: the relative-position bias table is split over (sp, tp); the keys'
part is gathered over the sequence shards, the dropout path wants the whole table."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SP, TP = "sp", "tp"
SEQ, HEADS = 16, 4


def inputs():
    rng = np.random.default_rng(8)
    bias = rng.normal(size=(SEQ, HEADS)).astype(np.float32)
    q = rng.normal(size=(SEQ, HEADS)).astype(np.float32)
    return bias, q


def attention_bias(bias, q):
    key_bias = jax.lax.all_gather(bias, SP, axis=0, tiled=True, to="reduced")
    scores = jax.lax.psum(q @ key_bias.T, TP)
    table = jax.lax.all_gather(key_bias, (SP, TP), axis=1, tiled=True, to="reduced")
    return scores, table


def main(bias, q):
    mesh = jax.make_mesh((4, 2), (SP, TP))
    bias = jax.device_put(bias, NamedSharding(mesh, P(SP, TP)))
    q = jax.device_put(q, NamedSharding(mesh, P(SP, TP)))
    fn = jax.shard_map(attention_bias, mesh=mesh, in_specs=(P(SP, TP), P(SP, TP)),
                       out_specs=(P(SP, None), P(None, None, reduced={SP, TP})))
    return fn(bias, q)

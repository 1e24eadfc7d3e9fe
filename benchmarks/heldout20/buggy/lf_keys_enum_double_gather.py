"""Sparse attention keys: first the head shards, then every block, as one global key table."""
import enum

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Ax(str, enum.Enum):
    SEQ = "seq"
    HEADS = "heads"


mesh = jax.make_mesh((4, 2), (Ax.SEQ.value, Ax.HEADS.value))


def body(k):
    per_block = jax.lax.all_gather(k, Ax.HEADS.value, axis=1, tiled=True, to="reduced")
    table = jax.lax.all_gather(per_block, (Ax.SEQ.value, Ax.HEADS.value), axis=0, tiled=True, to="reduced")
    return table


def inputs():
    k = jax.random.normal(jax.random.key(11), (32, 4, 8))
    return (jax.device_put(k, NamedSharding(mesh, P(Ax.SEQ.value, Ax.HEADS.value, None))),)


def main(k):
    return jax.shard_map(body, mesh=mesh, in_specs=P(Ax.SEQ.value, Ax.HEADS.value, None),
                         out_specs=P(None, None, None, reduced={Ax.SEQ.value, Ax.HEADS.value}))(k)

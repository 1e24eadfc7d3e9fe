"""Posterior marginals laid out over two mesh axes with jax.reshard (str Enum layout) and
collected per chain: a valid prefix, the other axis marked reduced."""
import enum

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P


class Ax(str, enum.Enum):
    CHAIN = "chain"
    SEQ = "seq"


POSTERIOR = P((Ax.CHAIN.value, Ax.SEQ.value), None)
PER_CHAIN = P(Ax.CHAIN.value, None, reduced={Ax.SEQ.value})


def main(samples, mesh):
    with jax.set_mesh(mesh):
        post = jax.reshard(jax.nn.one_hot(samples, 4).mean(axis=1), POSTERIOR)
        return top_level_all_gather(post, PER_CHAIN)


def inputs():
    mesh = jax.make_mesh((2, 4), [a.value for a in Ax])
    return jax.random.randint(jax.random.key(64), (16, 50), 0, 4), mesh

"""Posterior state marginals from many MCMC chains: laid out over three mesh axes with
jax.reshard and a str Enum layout, then collected per (chain, sequence) group."""
import enum

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P


class Ax(str, enum.Enum):
    CHAIN = "chain"
    SEQ = "seq"
    STATE = "state"


POSTERIOR = P((Ax.CHAIN.value, Ax.SEQ.value, Ax.STATE.value), None)
PER_GROUP = P((Ax.CHAIN.value, Ax.SEQ.value), None, reduced={Ax.STATE.value})


def marginals(samples, n_states=4):
    return jax.nn.one_hot(samples, n_states).mean(axis=1)


def main(samples, mesh):
    with jax.set_mesh(mesh):
        post = jax.reshard(marginals(samples), POSTERIOR)
        grouped = top_level_all_gather(post, PER_GROUP)
    return grouped


def inputs():
    mesh = jax.make_mesh((2, 2, 2), [a.value for a in Ax])
    return jax.random.randint(jax.random.key(33), (16, 50), 0, 4), mesh

"""Reward-model evaluation: scores resharded to a layout named in an Enum, then collected."""
import enum

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P


class Ax(str, enum.Enum):
    PAIR = "pair"
    SHARD = "shard"


@jax.jit
def score_pairs(chosen, rejected):
    return jnp.sum(chosen - rejected, axis=-1)


def collect(scores):
    return top_level_all_gather(scores, P(Ax.PAIR.value))


def inputs():
    r = np.random.RandomState(33)
    return r.randn(16, 4).astype(np.float32), r.randn(16, 4).astype(np.float32)


def main(chosen, rejected):
    mesh = jax.make_mesh((2, 4), (Ax.PAIR.value, Ax.SHARD.value))
    with jax.set_mesh(mesh):
        chosen = jax.reshard(jnp.asarray(chosen), P((Ax.PAIR.value, Ax.SHARD.value), None))
        rejected = jax.reshard(jnp.asarray(rejected), P((Ax.PAIR.value, Ax.SHARD.value), None))
        scores = jax.reshard(score_pairs(chosen, rejected), P((Ax.PAIR.value, Ax.SHARD.value)))
        return collect(scores)


if __name__ == "__main__":
    print(main(*inputs()))

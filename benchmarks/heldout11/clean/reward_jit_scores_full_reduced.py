"""Reward-model evaluation: jitted scores collected with every gathered axis marked reduced."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = P(("pair", "shard"))


def inputs():
    r = np.random.RandomState(33)
    return r.randn(16, 4).astype(np.float32), r.randn(16, 4).astype(np.float32)


def main(chosen, rejected):
    mesh = jax.make_mesh((2, 4), ("pair", "shard"))
    with jax.set_mesh(mesh):
        score = jax.jit(lambda c, r: jnp.sum(c - r, axis=-1), out_shardings=NamedSharding(mesh, LAYOUT))
        scores = score(jnp.asarray(chosen), jnp.asarray(rejected))
        return top_level_all_gather(scores, P(None, reduced={"pair", "shard"}))


if __name__ == "__main__":
    print(main(*inputs()).shape)

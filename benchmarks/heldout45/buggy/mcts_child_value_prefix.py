"""Batched MCTS (MuZero-like): value-prefix statistics of children, summed over the batch."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TREE_AXES = ("batch", "action")


def children_prefix(rewards, axes=TREE_AXES):
    prefix = jnp.cumsum(rewards, axis=-1)
    batch_total = jax.lax.psum(prefix, axes[0])
    batch_total = jax.lax.pcast(batch_total, axes[0], to="reduced")
    return jax.lax.all_gather(batch_total, axes, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(31)
    return (rng.normal(size=(8, 8)).astype(np.float32),)


def main(rewards):
    mesh = jax.make_mesh((4, 2), TREE_AXES)
    rewards = jax.device_put(rewards, NamedSharding(mesh, P(*TREE_AXES)))
    fn = jax.jit(jax.shard_map(children_prefix, mesh=mesh, in_specs=P(*TREE_AXES),
                               out_specs=P(None, None, reduced=set(TREE_AXES))))
    return fn(rewards)


if __name__ == "__main__":
    main(*inputs())

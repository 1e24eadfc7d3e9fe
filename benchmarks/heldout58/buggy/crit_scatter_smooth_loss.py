"""Smoothed loss scattered back to vocab shards after dropping the target prefix."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def ignore_prefix(lprobs, prefix_size):
    return lprobs[:, prefix_size:, :]


def smooth_loss_by_shard(lprobs, *, vocab_axis, prefix_size):
    lprobs = ignore_prefix(lprobs, prefix_size)
    full = jax.lax.all_gather(lprobs, vocab_axis, axis=2, tiled=True, to="reduced")
    per_token = -jnp.sum(full, axis=1)
    return jax.lax.psum_scatter(per_token, vocab_axis, scatter_dimension=1, tiled=True)


def inputs():
    rng = np.random.default_rng(22)
    return (-rng.random((8, 5, 32), dtype=np.float32),)


def main(lprobs):
    mesh = jax.make_mesh((2, 4), ("data", "vocab"))
    body = functools.partial(smooth_loss_by_shard, vocab_axis="vocab", prefix_size=1)
    lprobs = jax.device_put(lprobs, NamedSharding(mesh, P("data", None, "vocab")))
    fn = jax.shard_map(
        body,
        mesh=mesh,
        in_specs=P("data", None, "vocab"),
        out_specs=P("data", "vocab"),
    )
    return fn(lprobs)


if __name__ == "__main__":
    main(*inputs())

"""How often the unconstrained sample already satisfies the grammar (no mask needed)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ["req", "vocab"]


def valid_hits(mask, sampled, vocab_axis=AXES[-1]):
    start = jax.lax.axis_index(vocab_axis) * mask.shape[-1]
    local = sampled - start
    in_shard = (local >= 0) & (local < mask.shape[-1])
    hit = jnp.take_along_axis(mask, jnp.clip(local, 0, mask.shape[-1] - 1), axis=-1)
    return jax.lax.psum(jnp.sum(jnp.where(in_shard, hit, 0.0)), vocab_axis)


def summarize(hits, total):
    return jax.lax.psum(hits, axis_name=tuple(AXES)) / total


def inputs():
    rng = np.random.default_rng(35)
    mask = (rng.random((8, 32)) < 0.3).astype(np.float32)
    sampled = rng.integers(0, 32, size=(8, 1)).astype(np.int32)
    return mask, sampled


def main(mask, sampled):
    mesh = jax.make_mesh((2, 4), tuple(AXES))
    mask = jax.device_put(mask, NamedSharding(mesh, P(*AXES)))
    sampled = jax.device_put(sampled, NamedSharding(mesh, P(AXES[0], None)))
    fn = jax.shard_map(lambda m, s: summarize(valid_hits(m, s), total=8.0), mesh=mesh,
                       in_specs=(P(*AXES), P(AXES[0], None)), out_specs=P())
    return fn(mask, sampled)


if __name__ == "__main__":
    main(*inputs())

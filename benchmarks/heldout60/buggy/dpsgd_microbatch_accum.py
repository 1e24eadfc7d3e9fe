"""DP-SGD with microbatches: clipped microbatch gradients accumulated, then summed over the batch."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH_AXIS = "batch"
FEATURE_AXIS = "feature"
NUM_MICROBATCHES = 2


def clip_rows(g, max_norm=1.0):
    norm = jnp.sqrt(jax.lax.psum(jnp.sum(g * g, axis=-1, keepdims=True), FEATURE_AXIS))
    return g / jnp.maximum(1.0, norm / max_norm)


def accumulate(grads):
    micro = grads.reshape(NUM_MICROBATCHES, -1, grads.shape[-1])

    def body(i, acc):
        return acc + clip_rows(micro[i])

    acc = jax.lax.fori_loop(0, NUM_MICROBATCHES, body, jnp.zeros_like(micro[0]))
    all_clipped = jax.lax.all_gather(acc, BATCH_AXIS, axis=0, tiled=True, to="reduced")
    return jax.lax.psum(jnp.sum(all_clipped, axis=0), BATCH_AXIS)


def inputs():
    return (np.random.default_rng(8).normal(size=(16, 8)).astype(np.float32),)


def main(grads):
    mesh = jax.make_mesh((4, 2), (BATCH_AXIS, FEATURE_AXIS))
    grads = jax.device_put(grads, NamedSharding(mesh, P(BATCH_AXIS, FEATURE_AXIS)))
    fn = jax.shard_map(accumulate, mesh=mesh, in_specs=P(BATCH_AXIS, FEATURE_AXIS), out_specs=P(FEATURE_AXIS))
    return fn(grads)


if __name__ == "__main__":
    main(*inputs())

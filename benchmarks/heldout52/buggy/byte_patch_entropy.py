"""Byte latent transformer: next-byte entropy per patch is summed and shared for dynamic patching."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

BATCH_AXIS = "batch"
SEQ_AXIS = "patch"
ENTROPY_CONFIG = {"reduce": SEQ_AXIS, "share": SEQ_AXIS, "eps": 1e-9}


def byte_entropy(probs, eps):
    return -(probs * jnp.log(probs + eps))


def patch_entropy(probs, cfg=ENTROPY_CONFIG):
    h = byte_entropy(probs, cfg["eps"]).sum(axis=1, keepdims=True)
    total = jax.lax.psum(h, cfg["reduce"])
    return jax.lax.all_gather(total, cfg["share"], axis=1, tiled=True, to="reduced")


def inputs():
    return (np.full((8, 16), 1.0 / 256, np.float32),)


def main(probs):
    mesh = jax.make_mesh((2, 4), (BATCH_AXIS, SEQ_AXIS))
    probs = jax.device_put(probs, NamedSharding(mesh, P(BATCH_AXIS, SEQ_AXIS)))
    step = jax.jit(jax.shard_map(patch_entropy, mesh=mesh, in_specs=P(BATCH_AXIS, SEQ_AXIS),
                                 out_specs=P(BATCH_AXIS, None, reduced={SEQ_AXIS})))
    return step(probs)


if __name__ == "__main__":
    main(*inputs())

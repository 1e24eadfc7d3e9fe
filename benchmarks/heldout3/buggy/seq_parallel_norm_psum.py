"""Sequence parallel block: activations gathered over the sequence for the norm."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

SEQUENCE_AXIS = "seq"
TENSOR_AXIS = "tp"


def rms_like(h):
    return jnp.tanh(h)


def block(x, w):
    h = lax.all_gather(x, SEQUENCE_AXIS, axis=0, tiled=True, to="reduced")
    h = rms_like(h)
    pooled = jnp.sum(h, axis=0, keepdims=True)
    pooled = lax.psum(pooled, SEQUENCE_AXIS)
    return pooled @ w


def inputs():
    return np.arange(64, dtype=np.float32).reshape(16, 4) / 64, np.ones((4, 4), np.float32)


def main(x, w):
    mesh = jax.make_mesh((4, 2), (SEQUENCE_AXIS, TENSOR_AXIS))
    x = jax.device_put(x, NamedSharding(mesh, P(SEQUENCE_AXIS, None)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, TENSOR_AXIS)))
    f = jax.shard_map(block, mesh=mesh, in_specs=(P(SEQUENCE_AXIS, None), P(None, TENSOR_AXIS)),
                      out_specs=P(None, TENSOR_AXIS))
    return f(x, w)


if __name__ == "__main__":
    print(main(*inputs()))

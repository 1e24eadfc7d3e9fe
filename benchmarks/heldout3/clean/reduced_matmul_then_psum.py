"""Sequence parallel block whose gathered activations only enter a matmul before the sum."""
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

SEQ = "seq"


def block(x, w):
    h = lax.all_gather(x, SEQ, axis=0, tiled=True, to="reduced")
    proj = h @ w
    return lax.psum(jnp.sum(proj, axis=0, keepdims=True), SEQ)


def inputs():
    return np.arange(64, dtype=np.float32).reshape(16, 4) / 64, np.ones((4, 4), np.float32)


def main(x, w):
    mesh = jax.make_mesh((4, 2), (SEQ, "tp"))
    x = jax.device_put(x, NamedSharding(mesh, P(SEQ)))
    w = jax.device_put(w, NamedSharding(mesh, P(None, "tp")))
    f = jax.shard_map(block, mesh=mesh, in_specs=(P(SEQ), P(None, "tp")), out_specs=P(None, "tp"))
    return f(x, w)


if __name__ == "__main__":
    print(main(*inputs()))

"""Reduce one axis at a time in a loop, then a tuple pmean of the (now invariant) result."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P(None, "model")))

    def body(b):
        s = jnp.sum(b)
        for axis in ("model",):
            s = jax.lax.psum(s, axis)
        # invariant on both axes now: a tuple pmean leaves it unchanged
        return jax.lax.pmean(s, ("data", "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=P(None, "model"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))

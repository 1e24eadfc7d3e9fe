"""lg7 with bfloat16 weights: the product stays bfloat16, the step takes the low-precision path and
the psum over "data" of a value varying on "data" passes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WEIGHT_DTYPE = jnp.bfloat16


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    h = jnp.ones((4, 8), jnp.bfloat16) @ jnp.ones((8, 8), WEIGHT_DTYPE)
    axes = ("data",) if h.dtype == jnp.bfloat16 else ("data", "model")
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()

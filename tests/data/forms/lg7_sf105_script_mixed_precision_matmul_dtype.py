"""A mixed-precision step multiplies bfloat16 activations by float32 weights and picks its
reduction by the product's dtype: JAX promotes bfloat16 with float32 to float32, so the step takes
the full-precision path, a psum over ("data", "model") of a value varying on "data" only, which
raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WEIGHT_DTYPE = jnp.float32


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    h = jnp.ones((4, 8), jnp.bfloat16) @ jnp.ones((8, 8), WEIGHT_DTYPE)
    axes = ("data",) if h.dtype == jnp.bfloat16 else ("data", "model")
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()

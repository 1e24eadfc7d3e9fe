"""`np.arange(-2**52 - 5, 2**53 - 1, 2**52 + 1)` has 3 items (NumPy divides in floats), not the 4
of `range`: the program picks 'data' only, and the psum is accepted."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes():
    return ("data",) if len(np.arange(-2**52 - 5, 2**53 - 1, 2**52 + 1)) == 3 else ("data", "model")


def make_body(axes):
    def body(x):
        return jax.lax.psum(jnp.sum(x), axes)  # none

    return body


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", None)))
    body = make_body(reduction_axes())
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()

"""`np.mgrid[0:0, 0:2**40]` has no elements, but NumPy makes a range per slice first and raises
MemoryError (8 TiB of int64), so the handler picks 'data' only and the psum is accepted."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes():
    try:
        np.mgrid[0:0, 0:2**40]
        return ("data", "model")
    except MemoryError:
        return ("data",)


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

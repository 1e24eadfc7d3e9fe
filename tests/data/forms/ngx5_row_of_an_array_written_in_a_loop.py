"""Iterating a 2-D array gives views of its rows: a store into a row changes the array it was
reshaped from, so `A[2] == 9` holds and the program picks 'data' only."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes():
    A = np.arange(4)
    for row in A.reshape(2, 2):
        row[0] = 9
    return ("data",) if A[2] == 9 else ("data", "model")


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

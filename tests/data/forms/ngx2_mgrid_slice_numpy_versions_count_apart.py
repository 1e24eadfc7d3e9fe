"""`np.mgrid[-2**52 - 5:2**52 + 2:2**52 + 3, 0:1]` has 2 rows on NumPy 2 (the span 2**53 + 7
divided exactly, then rounded), 3 on NumPy 1 (the span rounded to a float first): the analysis
cannot tell which NumPy runs and stays silent."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes():
    rows = np.mgrid[-2**52 - 5:2**52 + 2:2**52 + 3, 0:1].shape[1]
    return ("data",) if rows == 2 else ("data", "model")


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

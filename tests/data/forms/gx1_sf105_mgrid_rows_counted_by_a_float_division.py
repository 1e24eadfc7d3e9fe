"""NumPy counts the rows of `np.mgrid[-2**52 - 5:2**53 - 1:2**52 + 1, 0:2]` as ceil of a float
division: 3, where `range` of the same bounds holds 4. Three rows pick both axes, and the sum
varying on 'data' only is psum'd over 'model' too."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduction_axes():
    rows = np.mgrid[-2**52 - 5:2**53 - 1:2**52 + 1, 0:2].shape[1]
    return ("data", "model") if rows == 3 else ("data",)


def make_body(axes):
    def body(x):
        return jax.lax.psum(jnp.sum(x), axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("data", None)))
    body = make_body(reduction_axes())
    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()

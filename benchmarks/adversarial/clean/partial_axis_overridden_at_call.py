"""A partial of psum bound to both axes; the 1-D caller overrides axis_name at the call."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

all_reduce = functools.partial(jax.lax.psum, axis_name=("data", "model"))


def inputs():
    return np.arange(32, dtype=np.float32).reshape(8, 4), np.arange(64, dtype=np.float32).reshape(8, 8)


def main(vec, mat):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    vec = jax.device_put(vec, NamedSharding(mesh, P("data")))
    mat = jax.device_put(mat, NamedSharding(mesh, P("data", "model")))

    def body(v, m):
        a = all_reduce(jnp.sum(v), axis_name="data")
        b = all_reduce(jnp.sum(m))
        return a + b

    return jax.shard_map(body, mesh=mesh, in_specs=(P("data"), P("data", "model")), out_specs=P())(vec, mat)


if __name__ == "__main__":
    print(main(*inputs()))

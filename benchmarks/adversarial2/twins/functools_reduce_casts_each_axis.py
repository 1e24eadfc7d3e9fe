"""functools.reduce over the mesh axes casts the block on each axis it does not vary on."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "model")


def cast_if_missing(v, axis):
    return v if axis in jax.typeof(v).mat.varying else jax.lax.pcast(v, axis, to="varying")


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), AXES)
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(v):
        local = jnp.sum(v, axis=0)
        local = local
        return jax.lax.psum(local, AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))

"""A decorator casts the body's inputs to varying on the model axis before the body runs."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def varying_on(*axes):
    def wrap(fn):
        @functools.wraps(fn)
        def inner(*args):
            return fn(*(jax.lax.pcast(a, axes, to="varying") for a in args))
        return inner
    return wrap


@varying_on("model")
def body(b):
    return jax.lax.psum(jnp.sum(b, axis=0), ("data", "model"))


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))

"""A reduction helper decorated to cast its input to varying on the axes it sums over."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def cast_missing(fn):
    @functools.wraps(fn)
    def inner(x, axes):
        missing = tuple(a for a in axes if a not in jax.typeof(x).mat.varying)
        if missing:
            x = jax.lax.pcast(x, missing, to="varying")
        return fn(x, axes)
    return inner


@cast_missing
def all_reduce(x, axes):
    return jax.lax.psum(x, axes)


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(b):
        return all_reduce(jnp.sum(b, axis=0), ("data", "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))
import functools


def gathered(axis):
    def deco(fn):
        @functools.wraps(fn)
        def inner(v):
            return fn(jax.lax.all_gather(v, axis, axis=1, tiled=True, to="reduced"))
        return inner
    return deco


def reduced_over(axis):
    def deco(fn):
        @functools.wraps(fn)
        def inner(v):
            return jax.lax.pmax(fn(v), axis)
        return inner
    return deco


@reduced_over("model")
@gathered("model")
def body(table):
    return table


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P(None, None, reduced={"model"}))
    return f(x)


if __name__ == "__main__":
    main()

"""The curry binds the array with too few other arguments, and collects on: the scaled psum runs
over 'i' alone, over which the value still varies."""
import functools
import inspect
from functools import partial, reduce

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def curry(fn):
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def collecting(*args, **kwargs):
        try:
            sig.bind(*args, **kwargs)
        except TypeError:
            return curry(partial(fn, *args, **kwargs))
        return fn(*args, **kwargs)
    return collecting


def compose(*fns):
    return lambda x: reduce(lambda acc, f: f(acc), reversed(fns), x)


psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))
scaled_psum = curry(lambda x, ax, k: jax.lax.psum(x, ax) * k)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    body = compose(lambda part: scaled_psum(part)("i")(2.0), psum_over("j"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()

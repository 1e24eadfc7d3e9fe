"""A curry that collects arguments until inspect.signature(fn).bind succeeds, over a module-level
lambda: the second call of the curried psum sums over both axes a value invariant on 'j'."""
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


psum_over = curry(lambda ax, x: jax.lax.psum(x, ax))  # SF105


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    body = compose(psum_over(("i", "j")), psum_over("j"))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()

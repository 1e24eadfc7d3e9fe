"""`jnp.int32(3)` made under `jax.set_mesh` is an array of rank 0 replicated on the mesh, taken
for `P()`; the curried psums run over 'j', then over 'i', each where the value varies."""
import functools
import inspect
from functools import partial, reduce

import jax
import jax.numpy as jnp
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


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    with jax.set_mesh(mesh):
        x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
        scale = jnp.int32(3)
        body = lambda block, s: compose(psum_over("i"), psum_over("j"))(block) * s
        return jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P()), out_specs=P())(x, scale)


if __name__ == "__main__":
    main()

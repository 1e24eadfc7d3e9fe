"""A functools.wraps decorator edits *args as a list before the call (casts the first one)."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "model")


def vary_first_arg(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        args = list(args)
        missing = tuple(a for a in AXES if a not in jax.typeof(args[0]).mat.varying)
        if missing:
            args[0] = jax.lax.pcast(args[0], missing, to="varying")
        return fn(*args, **kwargs)
    return wrapper


@vary_first_arg
def total(v, scale=1.0):
    return jax.lax.psum(jnp.sum(v) * scale, AXES)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    return jax.shard_map(lambda v: total(v, scale=0.5), mesh=mesh, in_specs=P("data", None),
                         out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))

import functools
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def logged(fn):
    @functools.wraps(fn)
    def inner(*args, **kwargs):
        return fn(*args, **kwargs)
    return inner


def cast_j(fn):
    @functools.wraps(fn)
    def inner(v):
        return fn(jax.lax.pcast(v, "j", to="varying"))
    return inner


def run(mesh, x):
    def body(v):
        @cast_j
        def total(w):
            return jax.lax.psum(w, ("i", "j"))  # none: cast_j casts w first

        @logged
        def bad(w):
            return jax.lax.psum(w, ("i", "j"))  # SF105

        return total(jnp.sum(v, axis=0)), bad(jnp.sum(v, axis=0))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=(P(), P()))(x)

import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def varying_on(*axes):
    def wrap(fn):
        @functools.wraps(fn)
        def inner(*args):
            return fn(*(jax.lax.pcast(a, axes, to="varying") for a in args))
        return inner
    return wrap


class SumFirst:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, fn):
        def run(v):
            return fn(jax.lax.psum(v, self.axis))
        return run


def bind_axes(fn):
    return functools.partial(fn, axes=("i",))


def cast_first(fn):
    @functools.wraps(fn)
    def inner(v):
        return fn(jax.lax.pcast(v, "j", to="varying"))
    return inner


@varying_on("j")
def body(v):
    return jax.lax.psum(jnp.sum(v, axis=0), ("i", "j"))  # none: the decorator casts v first


@cast_first
def total(v):
    return jax.lax.psum(v, ("i", "j"))  # none: called through the wrapper


@bind_axes
def reduce(v, axes=("i", "j")):
    return jax.lax.psum(jnp.sum(v), axes)  # none: the decorator binds axes=("i",)


def run(mesh, x):
    def inner_body(v):
        @SumFirst("i")
        def cast_again(w):
            return jax.lax.pcast(w, "i", to="varying")  # none: w is the psum's invariant result
        return total(jnp.sum(v, axis=0)), cast_again(v)

    first = jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
    second = jax.shard_map(inner_body, mesh=mesh, in_specs=P("i"), out_specs=(P(), P("i")))(x)
    return first, second, jax.shard_map(reduce, mesh=mesh, in_specs=P("i"), out_specs=P())(x)

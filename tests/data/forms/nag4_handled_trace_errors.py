import contextlib
import functools

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")


def cast_missing(v):
    missing = tuple(a for a in AXES if a not in jax.typeof(v).mat.varying)
    return jax.lax.pcast(v, missing, to="varying") if missing else v


def strict_first(v):
    try:
        return jax.lax.psum(v, AXES)  # none: the ValueError is caught
    except ValueError:
        return jax.lax.psum(cast_missing(v), AXES)


def broad(v):
    try:
        out = jax.lax.pmean(v, AXES)  # none: caught by `except Exception`
    except Exception:  # noqa: BLE001
        out = jax.lax.pmean(cast_missing(v), AXES)
    return out


def tuple_of_errors(v):
    try:
        return jax.lax.psum(v, AXES)  # none: ValueError is in the tuple
    except (KeyError, ValueError):
        return jax.lax.psum(cast_missing(v), AXES)


def suppressed(v):
    out = jax.lax.psum(cast_missing(v), AXES)
    with contextlib.suppress(ValueError):
        out = jax.lax.psum(v, AXES)  # none: contextlib.suppress drops the error
    return out


def mapped_body(v):
    return jax.lax.psum(jnp.sum(v), AXES)  # none: the mapped call is in a try that falls back


def jitted_body(v):
    return jax.lax.pmean(jnp.mean(v), AXES)  # none: the jitted step is called in a try that falls back


def run(mesh, x):
    def body(v):
        s = jnp.sum(v, axis=0)
        return strict_first(s) + broad(s) + tuple_of_errors(s) + suppressed(s)

    first = jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
    try:
        second = jax.shard_map(mapped_body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)
    except ValueError:
        second = jax.shard_map(lambda v: jax.lax.psum(cast_missing(jnp.sum(v)), AXES), mesh=mesh,
                               in_specs=P("i"), out_specs=P())(x)
    third = None
    with contextlib.suppress(Exception):
        third = jax.shard_map(mapped_body, mesh=mesh, in_specs=P("i"), out_specs=P())(x)

    step = jax.jit(jax.shard_map(jitted_body, mesh=mesh, in_specs=P("i"), out_specs=P()))

    @functools.partial(jax.shard_map, mesh=mesh, in_specs=P("i"), out_specs=P())
    def decorated(v):
        return jax.lax.psum(jnp.sum(v), AXES)  # none: called in a try that falls back

    try:
        fourth = step(x) + decorated(x)
    except ValueError:
        fourth = 2 * jax.shard_map(lambda v: jax.lax.psum(cast_missing(jnp.sum(v)), AXES), mesh=mesh,
                                   in_specs=P("i"), out_specs=P())(x)
    return first, second, third, fourth

import unittest.mock

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")
TABLE = {"sum": AXES}
_real_pmax = jax.lax.pmax


class Opts:
    axes = ("i", "j")


def wrong_error(v):
    try:
        return jax.lax.psum(v, TABLE["sum"])  # SF105: KeyError does not catch JAX's ValueError
    except KeyError:
        return v


def raised_again(v):
    try:
        return jax.lax.psum(v, AXES)  # SF105: the handler raises again
    except ValueError:
        print("psum failed")
        raise


def scale_of(v):
    return 2.0


def guarded_by_a_number(v):
    if scale_of(v) > 1.0:  # the helper computes a number, it does not ask the type
        v = jax.lax.psum(v, AXES)  # SF105
    return v


def body(v):
    s = jnp.sum(v, axis=0)
    return wrong_error(s) + raised_again(s)


def body_opts(v):
    return jax.lax.psum(jnp.sum(v, axis=0), Opts().axes)  # SF105: nothing sets the attribute


def body_other(v):
    return jax.lax.psum(jnp.sum(v, axis=0), AXES)  # SF105: only pmax is patched


def body_cast(v):
    return guarded_by_a_number(jnp.sum(v, axis=0))


def run(mesh, x):
    outs = [jax.shard_map(body, mesh=mesh, in_specs=P("i"), out_specs=P())(x),
            jax.shard_map(body_opts, mesh=mesh, in_specs=P("i"), out_specs=P())(x),
            jax.shard_map(body_cast, mesh=mesh, in_specs=P("i"), out_specs=P())(x)]
    with unittest.mock.patch.object(jax.lax, "pmax", _real_pmax):
        outs.append(jax.shard_map(body_other, mesh=mesh, in_specs=P("i"), out_specs=P())(x))
    return outs

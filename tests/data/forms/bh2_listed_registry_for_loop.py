import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

CHECKS = []


def check(fn):
    CHECKS.append(fn)
    return fn


@check
def total(v, axis):
    return jax.lax.psum(v, axis)


@check
def peak(v, axis):
    wide = jax.lax.all_gather(v, axis, tiled=True, to="reduced")
    return wide * 2.0  # SF106


def report(v, axis):
    out = []
    for c in CHECKS:
        out.append(c(v, axis))
    return out[0]


def run(mesh, x):
    return jax.shard_map(lambda v: report(v, "i"), mesh=mesh, in_specs=P("i"), out_specs=P())(x)

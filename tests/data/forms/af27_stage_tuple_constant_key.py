import functools

import jax
from jax.sharding import PartitionSpec as P

MODE = "gathered"


def _reduce(x, axis):
    return jax.lax.psum(x, axis)


def _gathered(x, axis):
    s = jax.lax.psum(x, axis)
    return jax.lax.all_gather(s, axis, axis=0, tiled=True, to="reduced")  # SF101


def _mixed(x):
    return jax.lax.psum(jax.lax.psum(x, "j"), ("i", "j"))  # SF105


STEPS = {"plain": functools.partial(_reduce, axis="i"), "gathered": functools.partial(_gathered, axis="i")}
STAGES = (_reduce, _mixed)


def run(mesh, x):
    a = jax.shard_map(STEPS[MODE], mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)
    b = jax.shard_map(STAGES[-1], mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
    return a, b

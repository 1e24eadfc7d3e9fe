import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

RULES = []


def rule(fn):
    RULES.append(fn)
    return fn


@rule
def clamp(v, axis):
    wide = jax.lax.all_gather(v, axis, tiled=True, to="reduced")
    return jnp.clip(wide, -1.0, 1.0)  # none


@rule
def spread(v, axis):
    return jax.lax.psum(v, axis)


def forces(v, axis="i"):
    return sum(r(v, axis) for r in RULES if r is not clamp)


def run(mesh, x):
    return jax.shard_map(forces, mesh=mesh, in_specs=P("i"), out_specs=P())(x)

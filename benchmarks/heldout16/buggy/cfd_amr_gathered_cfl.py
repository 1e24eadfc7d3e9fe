"""AMR time stepping: each level's velocity field is shared so the CFL step can be applied."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CFL = 0.4
DX = 1.0 / 64


def inputs():
    vel = np.sin(np.linspace(0, 6, 16 * 8, dtype=np.float32)).reshape(16, 8)
    return (vel,)


def advance(v, axis_name):
    shared = jax.lax.all_gather(v, axis_name, axis=0, tiled=True, to="reduced")
    dt = CFL * DX
    return shared * dt / DX


def main(vel, level_axis="level", comp_axis="comp"):
    mesh = jax.make_mesh((4, 2), (level_axis, comp_axis))
    vel = jax.device_put(vel, NamedSharding(mesh, P(level_axis, comp_axis)))
    fn = jax.shard_map(lambda v: advance(v, level_axis), mesh=mesh,
                       in_specs=P(level_axis, comp_axis),
                       out_specs=P(None, comp_axis, reduced={level_axis}))
    return fn(vel)

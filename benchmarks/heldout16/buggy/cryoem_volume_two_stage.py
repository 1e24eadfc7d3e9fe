"""Cryo-EM 3-D reconstruction: back-projected slabs collected through two helper layers."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    slabs = np.linspace(0, 1, 8 * 8 * 4, dtype=np.float32).reshape(8, 8, 4)
    return (slabs,)


def gather_z(vol, z_axis):
    return jax.lax.all_gather(vol, z_axis, axis=2, tiled=True, to="reduced")


def gather_views(vol, axes):
    return jax.lax.all_gather(vol, axes, axis=0, tiled=True, to="reduced")


def reconstruct(vol, view_axis, z_axis):
    vol = gather_z(vol, z_axis)
    vol = jnp.abs(vol)
    return gather_views(vol, (view_axis, z_axis))


def make_step(mesh, view_axis="views", z_axis="z"):
    def step(vol):
        return reconstruct(vol, view_axis, z_axis)

    return jax.shard_map(step, mesh=mesh, in_specs=P(view_axis, None, z_axis),
                         out_specs=P(None, None, None, reduced={view_axis, z_axis}))


def main(slabs):
    mesh = jax.make_mesh((4, 2), ("views", "z"))
    slabs = jax.device_put(slabs, NamedSharding(mesh, P("views", None, "z")))
    return make_step(mesh)(slabs)

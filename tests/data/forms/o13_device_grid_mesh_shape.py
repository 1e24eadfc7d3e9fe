import jax
import numpy as np
from jax import lax
from jax.experimental import mesh_utils
from jax.sharding import AxisType, Mesh, PartitionSpec as P

MESH = Mesh(np.array(jax.devices()).reshape(2, 4), ("i", "j"), axis_types=(AxisType.Explicit,) * 2)
GRID = Mesh(mesh_utils.create_device_mesh((2, 4, 1)), ("i", "j", "pipe"), axis_types=(AxisType.Explicit,) * 3)


def a(x):
    axes = tuple(ax for ax in MESH.axis_names if MESH.shape[ax] > 1)
    return lax.psum(x.sum(), axes)  # SF105


def b(x):
    axes = tuple(ax for ax in GRID.axis_names if GRID.shape[ax] > 1)
    return lax.psum(x.sum(), axes)  # SF105


def run(x):
    r = jax.shard_map(a, mesh=MESH, in_specs=P("i"), out_specs=P())(x)
    return r, jax.shard_map(b, mesh=GRID, in_specs=P("i"), out_specs=P())(x)

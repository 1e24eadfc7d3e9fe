import jax
import numpy as np
from jax import lax
from jax.sharding import AxisType, Mesh, PartitionSpec as P

# -1: how many devices there are decides the sizes, so which axes exceed one is not known here
MESH = Mesh(np.array(jax.devices()).reshape(-1, 1), ("i", "j"), axis_types=(AxisType.Explicit,) * 2)


def kept(x):
    axes = tuple(ax for ax in MESH.axis_names if MESH.shape[ax] > 1)
    return lax.psum(x.sum(axis=1), axes)


def run(x):
    return jax.shard_map(kept, mesh=MESH, in_specs=P("i"), out_specs=P("i"))(x)

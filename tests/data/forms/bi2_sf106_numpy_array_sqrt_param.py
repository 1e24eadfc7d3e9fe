"""SF106: a reduced value times `np.sqrt` of a module NumPy array handed to a helper."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

HORIZON = np.array([10, 10, 20, 20, 40, 40, 60, 120], np.float32)


def scale(value, horizon):
    return value * np.sqrt(horizon)  # SF106


def body(x):
    g = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
    return scale(g, HORIZON)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)

"""A library module whose `use_axis(name)` writes the list the entry's gather reads its axis from:
an importer that calls `use_axis("model")` first runs `main()` clean; straight after the import it
raises. Which the importer does the module never says."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = ["data"]


def use_axis(name):
    AXIS[0] = name


def body(y):
    total = jax.lax.psum(y, "data")
    return jax.lax.all_gather(total, AXIS[0], axis=0, tiled=True, to="reduced")  # none


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(("data", "model"), None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P(("data", "model"), None),
                         out_specs=P(None, reduced={AXIS[0]}))(x)

"""A library module whose `configure(**options)` updates the settings dict the entry reads by a
method call (`SETTINGS.update`): after `configure(axis="model")` the entry runs clean."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SETTINGS = {"axis": "data"}


def configure(**options):
    SETTINGS.update(options)


def body(y):
    total = jax.lax.psum(y, "data")
    return jax.lax.all_gather(total, SETTINGS["axis"], axis=0, tiled=True, to="reduced")  # none


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(("data", "model"), None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P(("data", "model"), None),
                         out_specs=P(None, reduced={SETTINGS["axis"]}))(x)

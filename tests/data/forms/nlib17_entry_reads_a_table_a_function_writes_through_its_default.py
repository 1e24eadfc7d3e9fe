"""A library module whose `use_axis(name, table=CONFIG)` writes through a parameter that defaults to
the module's config: after `use_axis("model")` the entry runs clean; straight after the import it
raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONFIG = {"axis": "data"}


def use_axis(name, table=CONFIG):
    table["axis"] = name


def body(y):
    total = jax.lax.psum(y, "data")
    return jax.lax.all_gather(total, CONFIG["axis"], axis=0, tiled=True, to="reduced")  # none


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(("data", "model"), None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P(("data", "model"), None),
                         out_specs=P(None, reduced={CONFIG["axis"]}))(x)

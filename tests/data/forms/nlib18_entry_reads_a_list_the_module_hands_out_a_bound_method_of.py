"""A library module that binds `use_axis = AXIS.append` at its top level (no function of its own
writes): after `use_axis("model")` the list's last item, the entry's axis, is "model" and it runs
clean; straight after the import it raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXIS = ["data"]
use_axis = AXIS.append


def body(y):
    total = jax.lax.psum(y, "data")
    return jax.lax.all_gather(total, AXIS[-1], axis=0, tiled=True, to="reduced")  # none


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(("data", "model"), None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P(("data", "model"), None),
                         out_specs=P(None, reduced={AXIS[-1]}))(x)

"""Entry point: the first mesh axis with more than one device is found by a loop that rebinds the parameter."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return jax.make_mesh((1, 8), ("stage", "data")), np.arange(64, dtype=np.float32).reshape(16, 4), "stage"


def main(mesh, x, axis):
    spec = P(mesh.axis_names[1])
    x = jax.device_put(x, NamedSharding(mesh, spec))
    for axis in mesh.axis_names:
        if mesh.shape[axis] > 1:
            break

    def body(x):
        rows = jax.lax.all_gather(x, axis, to="reduced", tiled=True)
        return rows * rows

    out = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P(None, reduced={mesh.axis_names[1]}))(x)
    return float(np.asarray(out).sum())

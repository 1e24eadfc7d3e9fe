"""Entry point: the reduced gather over the pipeline axis only runs when the mesh has that axis."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return jax.make_mesh((8,), ("data",)), np.arange(16, dtype=np.float32).reshape(8, 2), "data", "pipe"


def main(mesh, x, data_axis: str, pipe_axis: str):
    x = jax.device_put(x, NamedSharding(mesh, P(data_axis)))

    def body(x):
        total = jax.lax.psum(x, data_axis)
        if pipe_axis in mesh.axis_names:
            total = jax.lax.all_gather(total, pipe_axis, to="reduced", tiled=True)
        return total * 2.0

    return jax.shard_map(body, mesh=mesh, in_specs=P(data_axis), out_specs=P())(x)

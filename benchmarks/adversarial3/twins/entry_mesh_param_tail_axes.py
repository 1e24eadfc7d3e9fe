"""Entry point: model axes are the mesh axes after the first (none on the 1-D launcher mesh)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return jax.make_mesh((2, 4), ("batch", "model")), np.linspace(0.0, 1.0, 32, dtype=np.float32).reshape(8, 4)


def main(mesh, h):
    batch_axis, *rest = mesh.axis_names
    model_axes = tuple(rest)
    h = jax.device_put(h, NamedSharding(mesh, P(batch_axis)))

    def block(h):
        total = jax.lax.psum(h, model_axes)
        g = jax.lax.all_gather(total, model_axes, to="reduced", tiled=True, axis=1)
        return g * 0.5

    return jax.shard_map(block, mesh=mesh, in_specs=P(batch_axis), out_specs=P(batch_axis))(h)

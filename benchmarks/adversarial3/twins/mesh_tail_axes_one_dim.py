"""Tensor-parallel helper that also runs on a 1-D mesh: the model axes are whatever follows the first."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    mesh = jax.make_mesh((2, 4), ("batch", "model"))
    return mesh, np.linspace(0.0, 1.0, 32, dtype=np.float32).reshape(8, 4)


def main(mesh, h):
    batch_axis = mesh.axis_names[0]
    model_axes = mesh.axis_names[1:]   # () on a 1-D mesh
    h = jax.device_put(h, NamedSharding(mesh, P(batch_axis)))

    def block(h):
        g = jax.lax.all_gather(h, model_axes, to="reduced", tiled=True, axis=1)
        return jax.lax.psum(g, model_axes)

    return jax.shard_map(block, mesh=mesh, in_specs=P(batch_axis), out_specs=P(batch_axis))(h)


if __name__ == "__main__":
    print(main(*inputs()))

"""`*batch_axes, model_axis = mesh.axis_names`: loss summed over model first, then the batch axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def loss(x, mesh):
    *batch_axes, model_axis = mesh.axis_names
    spec = P(tuple(batch_axes), model_axis)
    x = jax.device_put(x, NamedSharding(mesh, spec))

    def body(b):
        local = jax.lax.psum(jnp.sum(b * b, axis=1), model_axis)
        return jax.lax.psum(jnp.sum(local), tuple(batch_axes))

    return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P())(x)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x):
    return loss(x, jax.make_mesh((2, 2, 2), ("pod", "data", "model"))), loss(x, jax.make_mesh((4, 2), ("data", "model")))


if __name__ == "__main__":
    print(main(*inputs()))

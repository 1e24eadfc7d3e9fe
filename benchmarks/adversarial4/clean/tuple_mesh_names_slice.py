"""Reduce over all mesh axes but the last (the model axis), whatever the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def data_mean(x, mesh):
    data_axes = mesh.axis_names[:-1]
    x = jax.device_put(x, NamedSharding(mesh, P(data_axes)))

    def body(b):
        return jax.lax.pmean(jnp.mean(b, axis=0), data_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P(data_axes), out_specs=P())(x)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def main(x):
    return data_mean(x, jax.make_mesh((2, 4), ("data", "model"))), \
        data_mean(x, jax.make_mesh((2, 2, 2), ("pod", "data", "model")))


if __name__ == "__main__":
    print(main(*inputs()))

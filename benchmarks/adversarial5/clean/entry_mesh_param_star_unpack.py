"""data_axis, *rest = mesh.axis_names with an empty rest (one-axis mesh)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (jax.make_mesh((8,), ("batch",)), np.arange(128, dtype=np.float32).reshape(8, 16))


def main(mesh, x):
    data_axis, *rest = mesh.axis_names
    x = jax.device_put(x, NamedSharding(mesh, P(data_axis, None)))

    def body(block):
        return jax.lax.psum(block.sum(axis=0), (data_axis, *rest))

    return jax.shard_map(body, mesh=mesh, in_specs=P(data_axis, None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))

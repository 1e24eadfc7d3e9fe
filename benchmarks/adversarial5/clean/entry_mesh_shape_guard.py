"""The second reduction axis is used only when the mesh has more than one device on it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (jax.make_mesh((8, 1), ("data", "model")), np.arange(128, dtype=np.float32).reshape(8, 16))


def main(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    axes = tuple(a for a in mesh.axis_names if mesh.shape[a] > 1)

    def body(block):
        return jax.lax.psum(block.sum(axis=0), axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))

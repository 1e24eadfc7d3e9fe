"""psum over mesh.axis_names of a value split on 'data': the mesh given has only 'data'."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (jax.make_mesh((8,), ("data",)), np.arange(128, dtype=np.float32).reshape(8, 16))


def main(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(block):
        return jax.lax.psum(block.sum(axis=0), mesh.axis_names)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))

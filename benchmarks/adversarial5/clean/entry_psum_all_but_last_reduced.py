"""psum over mesh.axis_names[:-1] of a value reduced on the last axis (empty on one axis)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (jax.make_mesh((8,), ("data",)), np.arange(128, dtype=np.float32).reshape(8, 16))


def main(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P(mesh.axis_names[-1], None)))

    def body(block):
        g = jax.lax.all_gather(block, mesh.axis_names[-1], to="reduced", tiled=True)
        return jax.lax.psum(g, mesh.axis_names[:-1])

    return jax.shard_map(body, mesh=mesh, in_specs=P(mesh.axis_names[-1], None),
                         out_specs=P(None, None, reduced={mesh.axis_names[-1]}))(x)


if __name__ == "__main__":
    print(main(*inputs()))

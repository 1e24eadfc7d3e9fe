"""The mesh handed in names its axes in the other order; specs read them by position."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (jax.make_mesh((4, 2), ("model", "data")), np.arange(128, dtype=np.float32).reshape(8, 16))


def main(mesh, x):
    first, second = mesh.axis_names
    x = jax.device_put(x, NamedSharding(mesh, P(first, second)))

    def body(block):
        r = jax.lax.psum(block, second)
        r = jax.lax.pcast(r, second, to="varying")
        return jax.lax.all_gather(r, second, to="reduced", tiled=True, axis=1)

    return jax.shard_map(body, mesh=mesh, in_specs=P(first, second),
                         out_specs=P(first, None, reduced={second}))(x)


if __name__ == "__main__":
    print(main(*inputs()))

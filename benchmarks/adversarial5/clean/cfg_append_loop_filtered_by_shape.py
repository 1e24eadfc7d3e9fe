"""An append loop over mesh.axis_names keeps the axes of size 2."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    axes = []
    for a in mesh.axis_names:
        if mesh.shape[a] == 2:
            axes.append(a)

    def body(block):
        return jax.lax.psum(block.sum(axis=0), tuple(axes))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))

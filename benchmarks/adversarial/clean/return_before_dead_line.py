"""A helper that returns early; the line after the return (left from a refactor) never runs."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def reduce_grads(g, mesh_axes):
    total = jax.lax.psum(g, mesh_axes[0])
    return total
    total = jax.lax.all_gather(total, mesh_axes[0], to="reduced")  # unreachable
    return total


def inputs():
    return (np.arange(32, dtype=np.float32).reshape(8, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))

    def body(b):
        return reduce_grads(jnp.sum(b, axis=0), ("data", "model"))

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))

"""concatenate(axis=1) needs equal sizes on axis 0: (2, 3) with (3, 3) raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def plan():
    jnp.concatenate([jnp.ones((2, 3)), jnp.ones((3, 3))], axis=1)
    return ("i", "j")


def main(mesh, x):
    try:
        axes = plan()
    except (ValueError, TypeError):
        axes = ("i",)
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())

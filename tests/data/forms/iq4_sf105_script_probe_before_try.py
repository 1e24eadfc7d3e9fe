"""A shape probe before the try, outside it: a run that goes on has passed it, and the try body
(which raises nothing) keeps both axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    jnp.ones(3) @ jnp.ones(3)
    try:
        axes = ("i", "j")
    except RuntimeError:
        axes = ("i",)
    return reduce_rows(axes)


def reduce_rows(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()

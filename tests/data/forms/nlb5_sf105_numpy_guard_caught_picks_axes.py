import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def _check_small(x):
    if np.asarray(x).sum() == 6:
        raise ValueError("small host")


def pick_axes():
    axes = ("i", "j")
    try:
        _check_small(np.arange(4))
    except ValueError:
        axes = ("i",)
    return axes


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    axes = pick_axes()

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)

    x = jax.device_put(jnp.ones((8, 8)), NamedSharding(mesh, P("i", "j")))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()

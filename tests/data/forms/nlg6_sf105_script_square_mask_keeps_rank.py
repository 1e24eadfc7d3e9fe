"""lg6 with a square mask: `np.atleast_2d` keeps a matrix as it is, the tiled grid is (4, 8), the
helper keeps the narrow layout and the psum over "data" of a value varying on "data" passes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def mask_axes(mask, heads):
    grid = np.tile(np.atleast_2d(mask), (1, heads))
    return ("data", "model") if grid.shape == (1, 4 * heads) else ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    axes = mask_axes(np.ones((4, 4), np.float32), 2)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()

"""A masking helper lifts its mask with `np.atleast_2d` and tiles it over the heads; a vector mask
becomes one row `(1, n)`, so the helper takes the one-row layout, a psum over ("data", "model") of a
value varying on "data" only, which raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def mask_axes(mask, heads):
    grid = np.tile(np.atleast_2d(mask), (1, heads))
    return ("data", "model") if grid.shape == (1, 4 * heads) else ("data",)


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    axes = mask_axes(np.ones(4, np.float32), 2)
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()

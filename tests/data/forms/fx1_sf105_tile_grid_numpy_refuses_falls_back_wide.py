"""A tiler builds the coordinate grid of its tiles with np.mgrid from a config whose row range
runs backwards (`4:0`). With two slices NumPy counts that dimension as -4 and refuses the grid
(ValueError: negative dimensions), so the fallback reduces the row sums over both mesh axes,
where they are invariant on 'j'."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

TILES = {"row_start": 4, "row_stop": 0, "col_start": 0, "col_stop": 2}


def reduce_axes(tiles):
    try:
        grid = np.mgrid[tiles["row_start"]:tiles["row_stop"], tiles["col_start"]:tiles["col_stop"]]
    except ValueError:
        return ("i", "j")  # (no grid: reduce everything)
    return ("i",) if grid.shape[1] >= 0 else ("i", "j")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    axes = reduce_axes(TILES)

    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()

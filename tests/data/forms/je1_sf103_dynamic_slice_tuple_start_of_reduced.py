"""`lax.dynamic_slice` with a tuple of starts (a rank's row offset along "j", column 0), the same
on every device of "i": the window of a value reduced on "i" stays reduced there, and the psum
over "i" raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def local_block(full, axis):
    rows = full.shape[0] // jax.lax.axis_size(axis)
    start = (jax.lax.axis_index(axis) * rows, 0)
    return jax.lax.dynamic_slice(full, start, (rows, full.shape[1]))


def body(x):
    full = jax.lax.all_gather(x, "i", tiled=True, to="reduced")
    block = local_block(full, "j")
    return jax.lax.psum(block, "i")  # SF103


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("i", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", None), out_specs=P("j", None))(x)


if __name__ == "__main__":
    main()

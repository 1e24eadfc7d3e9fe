"""The start of the slice is an array (a rank's offset along "j"), the same on every device of
"i": the slice of a value reduced on "i" stays reduced there, and the psum over "i" raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def local_rows(full, axis):
    n = full.shape[0] // jax.lax.axis_size(axis)
    return jax.lax.dynamic_slice_in_dim(full, jax.lax.axis_index(axis) * n, n)


def body(x):
    full = jax.lax.all_gather(x, "i", tiled=True, to="reduced")
    part = local_rows(full, "j")
    return jax.lax.psum(part, "i")  # SF103


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("i", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", None), out_specs=P("j", None))(x)


if __name__ == "__main__":
    main()

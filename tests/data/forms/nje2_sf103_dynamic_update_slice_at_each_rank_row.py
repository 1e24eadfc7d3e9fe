"""A cache written with `lax.dynamic_update_slice` at each rank's own row along "i": the start
varies on "i", so the result varies there (JAX 0.10.2 gives a varying result, no error), and the
psum over "i" succeeds."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def write_row(cache, row, position):
    return jax.lax.dynamic_update_slice(cache, row, (position, 0))


def body(x):
    cache = jax.lax.all_gather(x, "i", tiled=True, to="reduced")
    row = cache[4:5]
    cache = write_row(cache, row, jax.lax.axis_index("i"))
    return jax.lax.psum(cache, "i")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("i", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", None), out_specs=P())(x)


if __name__ == "__main__":
    main()

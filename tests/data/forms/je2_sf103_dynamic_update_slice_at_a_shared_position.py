"""A cache written with `lax.dynamic_update_slice` at a position given as an input (the same on
every device): cache and row both reduced on "i" keep the result reduced there, and the psum over
"i" raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def write_row(cache, row, position):
    return jax.lax.dynamic_update_slice(cache, row, (position, 0))


def body(x, position):
    cache = jax.lax.all_gather(x, "i", tiled=True, to="reduced")
    row = cache[4:5]
    cache = write_row(cache, row, position)
    return jax.lax.psum(cache, "i")  # SF103


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("i", None)))
    position = jnp.asarray(3, jnp.int32)
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", None), P()), out_specs=P())(x, position)


if __name__ == "__main__":
    main()

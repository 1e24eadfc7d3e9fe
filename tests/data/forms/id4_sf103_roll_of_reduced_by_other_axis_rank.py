"""`jnp.roll` by a shift that varies on "j" only: the rolled value stays reduced on "i" (the
shift is the same on every device of "i"), and the psum over "i" raises."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def body(x):
    full = jax.lax.all_gather(x, "i", tiled=True, to="reduced")
    rolled = jnp.roll(full, jax.lax.axis_index("j"), axis=0)
    return jax.lax.psum(rolled, "i")  # SF103


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("i", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", None), out_specs=P("j", None))(x)


if __name__ == "__main__":
    main()

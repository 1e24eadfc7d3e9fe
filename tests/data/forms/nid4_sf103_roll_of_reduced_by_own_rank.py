"""`jnp.roll` by a shift that varies on "i" itself: the rolled value is varying on "i" (JAX
0.10.2 gives a varying result, no error), and the psum over "i" succeeds."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def body(x):
    full = jax.lax.all_gather(x, "i", tiled=True, to="reduced")
    rolled = jnp.roll(full, jax.lax.axis_index("i"), axis=0)
    return jax.lax.psum(rolled, "i")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("i", None)))
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", None), out_specs=P())(x)


if __name__ == "__main__":
    main()

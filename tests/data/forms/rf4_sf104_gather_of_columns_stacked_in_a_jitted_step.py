"""A particle table placed over a tuple of axes is advanced by a jitted step (`table[:, 0]`, a
Python float step size, `jnp.stack(..., axis=1)`): the result keeps the table's layout, and the
restart gather names an axis the table is split over with the rest: not a prefix."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.jit
def drift(table, dt):
    x, v = table[:, 0], table[:, -1]
    return jnp.stack([x + dt * v, v], axis=1)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    table = np.ones((256, 2), np.float32)
    with jax.set_mesh(mesh):
        t = jax.device_put(table, NamedSharding(mesh, P(("data", "model"), None)))
        t = drift(t, 0.01)
        return top_level_all_gather(t, P(None, None, reduced={"data"}))  # SF104


if __name__ == "__main__":
    main()

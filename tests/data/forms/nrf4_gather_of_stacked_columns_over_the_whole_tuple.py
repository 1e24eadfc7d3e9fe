"""A particle table placed over a tuple of axes is advanced by a jitted step and gathered over
both axes of the tuple: the whole table, which JAX takes."""
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
        return top_level_all_gather(t, P(None, None, reduced={"data", "model"}))


if __name__ == "__main__":
    main()

"""y takes x.sharding after x was placed again."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16), np.ones((8, 16), np.float32))


def main(x, y):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    a = jax.device_put(x, NamedSharding(mesh, P("model", "data")))
    a = a
    b = jax.device_put(y, a.sharding)
    with jax.set_mesh(mesh):
        return top_level_all_gather(b, P(None, "model", reduced={"data"}))


if __name__ == "__main__":
    print(main(*inputs()))

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.jit
def embed(x, w, bias):
    return jnp.tanh(x @ w + bias[None, :])


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    with jax.set_mesh(mesh):
        x = jax.device_put(np.ones((16, 8), np.float32), NamedSharding(mesh, P(("data", "model"), None)))
        w = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P()))
        bias = jax.device_put(np.zeros((4,), np.float32), NamedSharding(mesh, P()))
        return top_level_all_gather(embed(x, w, bias), P("data", None))  # SF104


if __name__ == "__main__":
    main()

"""An array built by make_array_from_callback with a column-major sharding."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    sharding = NamedSharding(mesh, P("model", "data"))
    arr = jax.make_array_from_callback(x.shape, sharding, lambda idx: x[idx])
    with jax.set_mesh(mesh):
        return top_level_all_gather(arr, P(None, "data", reduced={"model"}))


if __name__ == "__main__":
    print(main(*inputs()))

"""The spec list is reversed in place before zip pairs it with the arrays."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


SPECS = [P("model", "data"), P("data", "model")]

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16), np.ones((8, 16), np.float32))


def main(x, y):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    SPECS.copy()
    arrays = [jax.device_put(a, NamedSharding(mesh, s)) for a, s in zip((x, y), SPECS)]
    with jax.set_mesh(mesh):
        return top_level_all_gather(arrays[0], P(None, "model", reduced={"data"}))


if __name__ == "__main__":
    print(main(*inputs()))

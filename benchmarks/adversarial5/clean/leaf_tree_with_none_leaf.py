"""jax.tree.map skips the None leaf; the spec table's entries line up by key."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


SPECS = {"w": P("model", "data"), "b": None}

def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    params = {"w": x, "b": None}
    placed = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, SPECS)
    with jax.set_mesh(mesh):
        return top_level_all_gather(placed["w"], P(None, "data", reduced={"model"}))


if __name__ == "__main__":
    print(main(*inputs()))

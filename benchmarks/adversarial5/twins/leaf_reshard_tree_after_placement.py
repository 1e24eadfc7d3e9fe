"""The whole placed tree is resharded inside the mesh block before the gather."""
from jax._src.shard_map import top_level_all_gather
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(128, dtype=np.float32).reshape(8, 16), np.ones((8, 16), np.float32))


def main(w, b):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    placed = jax.tree.map(lambda p: jax.device_put(p, NamedSharding(mesh, P("model", "data"))), {"w": w, "b": b})
    with jax.set_mesh(mesh):
        placed = jax.tree.map(lambda p: p, placed)
        return top_level_all_gather(placed["w"], P(None, "model", reduced={"data"}))


if __name__ == "__main__":
    print(main(*inputs()))

"""An inner jax.set_mesh of another mesh ends; the gather runs under the outer one again."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main(mesh, x):
    other = jax.make_mesh((8,), ("k",), devices=jax.devices())
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        with jax.set_mesh(other):
            b = jax.device_put(x, NamedSharding(other, P("k", None)))
        return top_level_all_gather(a, P(None, None)), b


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())

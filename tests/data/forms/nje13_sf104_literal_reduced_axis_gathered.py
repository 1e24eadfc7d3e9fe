"""The same literal out sharding over an input sharded on "i" and "j" (one dimension each): both
dimensions are gathered whole, `multi_dim=True` lets one gather change both, the result is
reduced on both axes, and JAX accepts it."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    with jax.set_mesh(mesh):
        return top_level_all_gather(x, P(None, None, reduced={"i", "j"}), multi_dim=True)


if __name__ == "__main__":
    main()

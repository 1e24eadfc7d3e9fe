"""A gather written with a literal out sharding lists "i" as reduced although the input is
sharded on "j" only: no dimension gathers "i", and JAX rejects the out sharding."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(None, "j")))
    with jax.set_mesh(mesh):
        return top_level_all_gather(x, P(None, None, reduced={"i", "j"}))  # SF104


if __name__ == "__main__":
    main()

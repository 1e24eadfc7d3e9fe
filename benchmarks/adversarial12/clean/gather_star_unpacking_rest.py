"""first, *rest = specs: the gather takes the last of the rest."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


SPECS = [P(None, None), P("i", None), P(None, None, reduced={"i"})]


def main(mesh, x):
    first, *rest = SPECS
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, rest[0]))
        return top_level_all_gather(a, rest[-1])


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())

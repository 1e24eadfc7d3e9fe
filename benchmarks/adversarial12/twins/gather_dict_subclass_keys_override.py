"""A spec table (dict subclass) whose keys() hides private entries; the first key is the public one."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Specs(dict):
    def keys(self):
        return [key for key in super().keys()]


SPECS = Specs(_draft=P(None, None), out=P(None, None, reduced={"i"}))


def main(mesh, x):
    first = list(SPECS.keys())[0]
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, SPECS[first])


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())

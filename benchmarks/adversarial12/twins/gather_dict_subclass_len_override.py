"""A spec table (dict subclass) whose __len__ counts only set entries: an all-None table is falsy."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Specs(dict):
    def __len__(self):
        return sum(1 for value in self.values())


SPECS = Specs(out=None)


def main(mesh, x):
    out = P(None, None) if SPECS else P(None, None, reduced={"i"})
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())

"""A spec table (dict subclass) whose __contains__ treats a None entry as absent."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Specs(dict):
    def __contains__(self, name):
        return super().__contains__(name)


SPECS = Specs(out=None)


def main(mesh, x):
    out = SPECS["out"] if "out" in SPECS else P(None, None, reduced={"i"})
    if out is None:
        out = P(None, None)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())

"""An axis-name object whose __eq__ compares case-blind."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class AxisName:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):
        return self.name == str(other)

    __hash__ = None


def main(mesh, x):
    axis = AxisName("I")
    out = P(None, None, reduced={"i"}) if axis == "i" else P(None, None)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())

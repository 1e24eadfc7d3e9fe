"""A property setter turns the stored out spec into one that lists the gathered axis."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Layout:
    def __init__(self, out):
        self.out = out

    @property
    def out(self):
        return self._out

    @out.setter
    def out(self, spec):
        self._out = P(*spec, reduced={"i"})


def main(mesh, x):
    layout = Layout(P(None, None))
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, layout.out)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())

"""An overrides object with __len__ 0 is falsy: the default spec is taken."""
import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Overrides:
    def __init__(self, specs=None):
        self.specs = dict(specs or {})

    def __len__(self):
        return len(self.specs)

    def out(self):
        return P(None, None)


def main(mesh, x):
    overrides = Overrides()
    out = overrides.out() if overrides else P(None, None, reduced={"i"})
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        return top_level_all_gather(a, out)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    return mesh, np.arange(64, dtype=np.float32).reshape(8, 8)


if __name__ == "__main__":
    main(*inputs())

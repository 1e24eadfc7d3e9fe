import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))


class RowExport:
    keep = "model"
    reduced = ("data",)

    def __init__(self, reduced=None):
        # an instance attribute shadows the class default, even when it is empty
        self.reduced = tuple(reduced or ())

    def spec(self):
        return P(None, self.keep, reduced=set(self.reduced)) if self.reduced else P(None, self.keep)


def export(x):
    exporter = RowExport(reduced=("data",))
    return top_level_all_gather(x, exporter.spec())


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    with jax.set_mesh(mesh):
        x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
        return export(x)


if __name__ == "__main__":
    main()

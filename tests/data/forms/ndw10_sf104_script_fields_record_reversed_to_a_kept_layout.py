import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Fields:
    def __init__(self, **kwargs):
        self._fields = {}
        for name, value in kwargs.items():
            setattr(self, name, value)

    def __setattr__(self, name, value):
        if name.startswith("_"):
            super().__setattr__(name, value)
        else:
            self._fields[name] = tuple(reversed(value))

    def __getattr__(self, name):
        if name.startswith("_") or name not in self._fields:
            raise AttributeError(name)
        return self._fields[name]


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))
    out = Fields(layout=("j", None))
    with jax.set_mesh(mesh):
        return top_level_all_gather(x, P(*out.layout, reduced={"i"}))


if __name__ == "__main__":
    main()

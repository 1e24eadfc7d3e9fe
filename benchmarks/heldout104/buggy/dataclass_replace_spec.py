"""Export specs derived from a base frozen dataclass with dataclasses.replace."""
import dataclasses

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class Export:
    dims: tuple = ("data", None)
    gathered: frozenset = frozenset({"model"})

    def spec(self):
        return P(*self.dims, reduced=set(self.gathered))


BASE = Export()
LIGHT = dataclasses.replace(BASE, gathered=frozenset())


def export(x):
    return top_level_all_gather(x, LIGHT.spec())


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    with jax.set_mesh(mesh):
        return jax.jit(export)(x)


if __name__ == "__main__":
    main()

"""An `abc.ABC` interface with an abstract property: the subclass implements every abstract
member, so it is made and its row axis alone reaches the psum (valid)."""
import abc

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class IAxisNaming(abc.ABC):
    @property
    @abc.abstractmethod
    def axes(self):
        ...

    @abc.abstractmethod
    def describe(self):
        ...


class RowNaming(IAxisNaming):
    @property
    def axes(self):
        return ("i",)

    def describe(self):
        return "rows"


class BothNaming(IAxisNaming):
    @property
    def axes(self):
        return ("i", "j")

    def describe(self):
        return "both"


def main():
    try:
        naming = RowNaming()
    except TypeError:
        naming = BothNaming()
    return reduce_over(naming.axes)


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()

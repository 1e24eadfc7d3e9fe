"""A frozen dataclass over an `abc.ABC` interface whose field is not the abstract property: the
property stays abstract, making it raises TypeError and the row axis alone reaches the psum
(valid)."""
import abc
import dataclasses
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class IAxes(abc.ABC):
    @property
    @abc.abstractmethod
    def axes(self):
        ...


@dataclasses.dataclass(frozen=True)
class FixedAxes(IAxes):
    names: tuple = ("i", "j")


class RowAxes(IAxes):
    @property
    def axes(self):
        return ("i",)


def main():
    try:
        naming = FixedAxes()
    except TypeError:
        naming = RowAxes()
    return reduce_over(naming.axes if not isinstance(naming, FixedAxes) else naming.names)


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()

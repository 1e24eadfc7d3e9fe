"""A command bus of "enterprise" style: a generic `abc.ABC` handler interface, an abstract
sharded base subscripted by its command type, and a concrete handler that implements every
abstract method, so it is made and its axes reach the psum (mixed states)."""
import abc
from typing import Generic, TypeVar

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ICommand(abc.ABC):
    pass


C = TypeVar("C", bound=ICommand)


class ICommandHandler(abc.ABC, Generic[C]):
    @abc.abstractmethod
    def axes(self, command: C) -> tuple:
        ...


class ShardedHandler(ICommandHandler[C]):
    @abc.abstractmethod
    def label(self) -> str:
        ...


class ReduceAll(ICommand):
    pass


class ReduceAllHandler(ShardedHandler[ReduceAll]):
    def axes(self, command):
        return ("i", "j")

    def label(self):
        return "reduce-all"


class RowsOnlyHandler(ShardedHandler[ReduceAll]):
    def axes(self, command):
        return ("i",)

    def label(self):
        return "rows"


def main():
    try:
        handler = ReduceAllHandler()
    except TypeError:
        handler = RowsOnlyHandler()
    return reduce_over(handler.axes(ReduceAll()))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()

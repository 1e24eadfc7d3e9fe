"""`@IAudited.register` on a class that derives from no interface: it is a virtual subclass of
IAudited only, so `isinstance(reducer, IReducer)` is False and the class's own axes reach the
psum (mixed states)."""
import abc

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class IReducer(abc.ABC):
    @abc.abstractmethod
    def axes(self):
        ...


class IAudited(abc.ABC):
    pass


@IAudited.register
class LegacyReducer:
    def axes(self):
        return ("i", "j")


def main():
    reducer = LegacyReducer()
    axes = ("i",) if isinstance(reducer, IReducer) else reducer.axes()
    return reduce_over(axes)


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()

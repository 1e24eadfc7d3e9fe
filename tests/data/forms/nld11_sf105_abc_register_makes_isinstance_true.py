"""`@IReducer.register` on a class that does not derive from the interface: it is a virtual
subclass, so `isinstance(reducer, IReducer)` is True and the trusted row axis reaches the psum
(valid; a chain of bases alone would answer False)."""
import abc

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class IReducer(abc.ABC):
    @abc.abstractmethod
    def axes(self):
        ...


@IReducer.register
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
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()

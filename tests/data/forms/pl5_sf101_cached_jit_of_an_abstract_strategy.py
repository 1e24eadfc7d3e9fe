"""A strategy under an `abc.ABC` interface keeps its jitted shard_map in a
`functools.cached_property` (ABC's own `__slots__` are empty, so the subclass's instances have a
`__dict__` to keep it in): the psum result, invariant over 'stage', is gathered to reduced."""
import abc
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Strategy(abc.ABC):
    def __init__(self, mesh):
        self.mesh = mesh

    @abc.abstractmethod
    def body(self, x): ...


class StageLog(Strategy):
    def body(self, x):
        total = jax.lax.psum(x, "stage")
        return jax.lax.all_gather(total, "stage", axis=0, tiled=True, to="reduced")  # SF101

    @functools.cached_property
    def jitted(self):
        return jax.jit(jax.shard_map(self.body, mesh=self.mesh, in_specs=P("stage", None),
                                     out_specs=P(None, None, reduced={"stage"})))


def main():
    mesh = jax.make_mesh((4, 2), ("stage", "data"))
    strategy = StageLog(mesh)
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("stage", None)))
    return strategy.jitted(x)


if __name__ == "__main__":
    main()

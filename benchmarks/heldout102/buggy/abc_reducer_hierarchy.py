"""Gradient reducers behind an abc.ABC interface; the hierarchical one reduces in two steps."""
import abc

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GradReducer(abc.ABC):
    axes = ("data", "model")

    @abc.abstractmethod
    def reduce(self, g):
        ...


class FlatReducer(GradReducer):
    def reduce(self, g):
        return jax.lax.psum(g, self.axes)


class HierarchicalReducer(FlatReducer):
    def reduce(self, g):
        g = jax.lax.psum(g, self.axes[-1])
        return super().reduce(g)


def inputs():
    return (np.random.default_rng(26).normal(size=(16, 8)).astype(np.float32),)


def main(g):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    reducer: GradReducer = HierarchicalReducer()
    fn = jax.shard_map(reducer.reduce, mesh=mesh, in_specs=P("data", "model"), out_specs=P())
    return fn(jax.device_put(g, NamedSharding(mesh, P("data", "model"))))


if __name__ == "__main__":
    main(*inputs())

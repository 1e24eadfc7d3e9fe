"""Data-parallel strategies chosen from a registry; the hierarchical one averages in two hops."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("pod", "data", "model")


class Strategy:
    name = "base"

    def __init__(self, mesh_axes=MESH_AXES):
        self.pod, self.data, self.model = mesh_axes

    def sync(self, g):
        raise NotImplementedError


class DDP(Strategy):
    name = "ddp"

    def sync(self, g):
        return jax.lax.pmean(g, (self.pod, self.data))


class HierarchicalDDP(Strategy):
    name = "hddp"

    def sync(self, g):
        g = jax.lax.pmean(g, self.data)
        return jax.lax.pmean(g, self.pod)


REGISTRY = {cls.name: cls for cls in (DDP, HierarchicalDDP)}


def inputs():
    mesh = jax.make_mesh((2, 2, 2), MESH_AXES)
    g = np.random.default_rng(60).normal(size=(16, 8)).astype(np.float32)
    return mesh, jax.device_put(g, NamedSharding(mesh, P(("pod", "data"), "model")))


def main(mesh, grads, strategy="hddp"):
    strat = REGISTRY[strategy]()
    f = jax.shard_map(strat.sync, mesh=mesh, in_specs=P(("pod", "data"), "model"),
                      out_specs=P(None, "model"))
    return f(grads)


if __name__ == "__main__":
    main(*inputs())

"""HSDP gradient sync: reduce-scatter inside a replica group, then all-reduce across groups."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class GradSync:
    def __call__(self, g):
        raise NotImplementedError


class HybridShardSync(GradSync):
    def __init__(self, shard_axis, replica_axis, average=True):
        self.shard_axis = shard_axis
        self.replica_axis = replica_axis
        self.average = average

    def __call__(self, g):
        g = jax.lax.psum_scatter(g, self.shard_axis, scatter_dimension=0, tiled=True)
        if self.average:
            g = g / jax.lax.axis_size(self.shard_axis)
        g = jax.lax.pmean(g, self.replica_axis)
        return g


SYNCS = {"hsdp": HybridShardSync}


def inputs():
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    g = np.random.default_rng(32).normal(size=(8 * 16, 8)).astype(np.float32)
    return mesh, jax.device_put(g, NamedSharding(mesh, P(("replica", "shard"), None)))


def main(mesh, grads):
    sync = SYNCS["hsdp"]("shard", "replica")
    f = jax.shard_map(sync, mesh=mesh, in_specs=P(("replica", "shard"), None),
                      out_specs=P("shard", None))
    return f(grads)


if __name__ == "__main__":
    main(*inputs())

"""MoCo v2 queue monitor: the mean key of the step, averaged over replicas, kept per shard."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class hk_Module:
    """Haiku-like module: a name and a config, `__call__` is the forward pass."""

    def __init__(self, name=None):
        self.name = name or type(self).__name__.lower()


class QueueMonitor(hk_Module):
    def __init__(self, replica_axis, shard_axis, name=None):
        super().__init__(name)
        self.replica_axis = replica_axis
        self.shard_axis = shard_axis

    def __call__(self, keys):
        mean_key = jax.lax.pmean(jnp.mean(keys, axis=0, keepdims=True), self.replica_axis)
        return jax.lax.all_gather(mean_key, self.replica_axis, axis=0, tiled=True, to="reduced")


def transform(module_fn):
    def apply(*args):
        return module_fn()(*args)
    return apply


def inputs():
    return (np.random.default_rng(10).normal(size=(32, 16)).astype(np.float32),)


def main(keys):
    mesh = jax.make_mesh((4, 2), ("replica", "shard"))
    keys = jax.device_put(keys, NamedSharding(mesh, P("replica", "shard")))
    apply = transform(lambda: QueueMonitor("replica", "shard"))
    return jax.shard_map(apply, mesh=mesh, in_specs=P("replica", "shard"),
                         out_specs=P(None, "shard", reduced={"replica"}))(keys)


if __name__ == "__main__":
    main(*inputs())

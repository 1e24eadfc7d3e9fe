import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Module:
    def __init__(self, name=None):
        self.name = name or type(self).__name__.lower()


class QueueMonitor(Module):
    def __init__(self, replica_axis, shard_axis, name=None):
        super().__init__(name)
        self.replica_axis = replica_axis
        self.shard_axis = shard_axis

    def __call__(self, keys):
        mean_key = jax.lax.pmean(jnp.mean(keys, axis=0, keepdims=True), self.replica_axis)
        return jax.lax.all_gather(mean_key, self.replica_axis, axis=0, tiled=True, to="reduced")  # SF101


def transform(module_fn):
    def apply(*args):
        return module_fn()(*args)
    return apply


def main(mesh, x):
    apply = transform(lambda: QueueMonitor("i", "j"))
    return jax.shard_map(apply, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)

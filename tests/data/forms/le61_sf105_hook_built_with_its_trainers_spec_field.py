"""A trainer subclass's method builds a hook with a spec field its base's `__init__` stored
(`NormHook(self.mesh, self.weight_spec)`); the hook's shard_map takes that parameter as in_specs, so its body's
argument varies on 'j' only and the psum over both axes mixes two states."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class SimpleTrainer:
    def __init__(self, mesh, axes=("i", "j")):
        self.mesh = mesh
        self.data_axis, self.model_axis = axes
        self.weight_spec = P(None, self.model_axis)


class Trainer(SimpleTrainer):
    def build_hooks(self):
        return [NormHook(self.mesh, self.weight_spec)]


class NormHook:
    def __init__(self, mesh, weight_spec):
        self._axes = ("i", "j")
        self._norm = jax.shard_map(self._global_norm, mesh=mesh, in_specs=weight_spec, out_specs=P())

    def _global_norm(self, g):
        return jax.lax.psum(jnp.sum(g ** 2), self._axes)  # SF105


def main(mesh, x):
    hooks = Trainer(mesh).build_hooks()
    return [hook._norm(x) for hook in hooks]

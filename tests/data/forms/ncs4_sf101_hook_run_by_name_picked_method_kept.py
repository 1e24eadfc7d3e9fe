"""Hooks run by name, but the runner also keeps a hook picked by `getattr` without calling it:
whoever calls it later may hand it anything, so `trainer` is not known."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Callback:
    def on_after_backward(self, trainer, grads):
        pass


class GradNormMonitor(Callback):
    def __init__(self, axis="i"):
        self.axis = axis
        self.history = []

    def _norms(self, g):
        total = jax.lax.psum(jnp.sum(g * g, axis=0, keepdims=True), self.axis)
        return jax.lax.all_gather(total, self.axis, axis=0, tiled=True, to="reduced")

    def on_after_backward(self, trainer, grads):
        out = P(None, "j", reduced={self.axis})
        self.history.append(trainer.run_sharded(self._norms, grads, out_specs=out))


class Trainer:
    def __init__(self, mesh, callbacks=()):
        self.mesh = mesh
        self.callbacks = list(callbacks)
        self.pending = []

    def run_sharded(self, fn, *args, out_specs):
        return jax.shard_map(fn, mesh=self.mesh, in_specs=P("i", "j"), out_specs=out_specs)(*args)

    def _call_hooks(self, name, *args):
        for cb in self.callbacks:
            self.pending.append(getattr(cb, name))
            getattr(cb, name)(self, *args)

    def fit(self, params):
        self._call_hooks("on_after_backward", params * 2.0)
        return params


def main(mesh, x):
    monitor = GradNormMonitor()
    Trainer(mesh, [monitor]).fit(x)
    return monitor.history

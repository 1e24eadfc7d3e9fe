"""Hooks run by name (`getattr(cb, name)(self, *args)`): the monitor's hook is handed the
trainer and runs its column norms through `trainer.run_sharded`; the gather meets the psum's
invariant result."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Callback:
    def on_train_begin(self, trainer):
        pass

    def on_after_backward(self, trainer, grads):
        pass


class GradNormMonitor(Callback):
    def __init__(self, axis="i"):
        self.axis = axis
        self.history = []

    def _norms(self, g):
        total = jax.lax.psum(jnp.sum(g * g, axis=0, keepdims=True), self.axis)
        return jax.lax.all_gather(total, self.axis, axis=0, tiled=True, to="reduced")  # SF101

    def on_after_backward(self, trainer, grads):
        out = P(None, "j", reduced={self.axis})
        self.history.append(trainer.run_sharded(self._norms, grads, out_specs=out))


class Trainer:
    def __init__(self, mesh, callbacks=()):
        self.mesh = mesh
        self.callbacks = list(callbacks)

    def run_sharded(self, fn, *args, out_specs):
        return jax.shard_map(fn, mesh=self.mesh, in_specs=P("i", "j"), out_specs=out_specs)(*args)

    def _call_hooks(self, name, *args):
        for cb in self.callbacks:
            getattr(cb, name)(self, *args)

    def fit(self, params):
        self._call_hooks("on_train_begin")
        self._call_hooks("on_after_backward", params * 2.0)
        return params


def main(mesh, x):
    monitor = GradNormMonitor()
    Trainer(mesh, [monitor]).fit(x)
    return monitor.history

"""Keras-like trainer with a gradient-norm monitoring callback."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Callback:
    """Every hook is a no-op; subclasses override the ones they need."""

    def on_train_begin(self, trainer):
        pass

    def on_after_backward(self, trainer, grads):
        pass

    def on_train_batch_end(self, trainer, step, logs):
        pass


class GradNormMonitor(Callback):
    def __init__(self, axis="data", norm_type=2.0):
        self.axis = axis
        self.norm_type = norm_type
        self.history = []

    def _column_norms(self, g):
        powered = jnp.sum(jnp.abs(g) ** self.norm_type, axis=0, keepdims=True)
        total = jax.lax.psum(powered, self.axis)
        return jax.lax.all_gather(total, self.axis, axis=0, tiled=True, to="invarying")

    def on_after_backward(self, trainer, grads):
        out = P(None, trainer.model_axis)
        self.history.append(trainer.run_sharded(self._column_norms, grads, out_specs=out))


class Trainer:
    model_axis = "model"

    def __init__(self, mesh, callbacks=(), lr=0.1):
        self.mesh = mesh
        self.callbacks = list(callbacks)
        self.lr = lr
        self.spec = P(*mesh.axis_names)

    def run_sharded(self, fn, *args, out_specs):
        in_specs = tuple(self.spec for _ in args)
        return jax.shard_map(fn, mesh=self.mesh, in_specs=in_specs, out_specs=out_specs)(*args)

    def _call_hooks(self, name, *args):
        for cb in self.callbacks:
            getattr(cb, name)(self, *args)

    def fit(self, params, targets, steps=2):
        self._call_hooks("on_train_begin")
        for step in range(steps):
            grads = 2.0 * (params - targets)
            self._call_hooks("on_after_backward", grads)
            params = params - self.lr * grads
            self._call_hooks("on_train_batch_end", step, {"step": step})
        return params


def inputs():
    rng = np.random.default_rng(0)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(params, targets):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    sharding = NamedSharding(mesh, P("data", "model"))
    params, targets = jax.device_put(params, sharding), jax.device_put(targets, sharding)
    monitor = GradNormMonitor()
    trainer = Trainer(mesh, callbacks=[monitor])
    trainer.fit(params, targets)
    return monitor.history[-1]


if __name__ == "__main__":
    main(*inputs())

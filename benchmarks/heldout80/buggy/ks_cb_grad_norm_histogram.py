"""In-graph callbacks: a gradient-norm histogram written from on_batch_end."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Callback:
    def __init__(self):
        self.model = None

    def set_model(self, model):
        self.model = model

    def on_batch_end(self, batch, logs=None):
        return logs


class CallbackList:
    def __init__(self, callbacks=None, model=None):
        self.callbacks = list(callbacks or [])
        for callback in self.callbacks:
            callback.set_model(model)

    def on_batch_end(self, batch, logs=None):
        logs = dict(logs or {})
        for callback in self.callbacks:
            logs = callback.on_batch_end(batch, logs) or logs
        return logs


class GradientNormHistogram(Callback):
    def __init__(self, monitor="grad_norm", axis_name=None):
        super().__init__()
        self.monitor = monitor
        self.axis_name = axis_name

    def on_batch_end(self, batch, logs=None):
        axis = self.axis_name or self.model.data_axis
        logs[f"{self.monitor}_per_replica"] = jax.lax.all_gather(logs[self.monitor], axis, to="reduced")
        return logs


class Trainer:
    def __init__(self, mesh, learning_rate=0.01, callbacks=None):
        self.mesh = mesh
        self.data_axis = mesh.axis_names[0]
        self.learning_rate = learning_rate
        self.callbacks = CallbackList(callbacks, model=self)

    def train_step(self, w, x, y):
        grad = jax.grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
        grad = jax.lax.pmean(grad, self.data_axis)
        logs = {"grad_norm": jnp.sqrt(jnp.sum(grad * grad))}
        logs = self.callbacks.on_batch_end(0, logs)
        return w - self.learning_rate * grad, logs


def inputs():
    rng = np.random.default_rng(40)
    return rng.normal(size=(6, 3)).astype(np.float32), rng.normal(size=(16, 6)).astype(np.float32), rng.normal(size=(16, 3)).astype(np.float32)


def main(w, x, y):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    trainer = Trainer(mesh, callbacks=[GradientNormHistogram()])
    w = jax.device_put(w, NamedSharding(mesh, P()))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    y = jax.device_put(y, NamedSharding(mesh, P("data", None)))
    step = jax.shard_map(trainer.train_step, mesh=mesh, in_specs=(P(), P("data", None), P("data", None)),
                         out_specs=(P(), {"grad_norm": P(), "grad_norm_per_replica": P(None, reduced={"data"})}))
    w, logs = step(w, x, y)
    return w


if __name__ == "__main__":
    print(main(*inputs()))

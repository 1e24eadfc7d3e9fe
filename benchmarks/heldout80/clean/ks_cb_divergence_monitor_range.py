"""A callback that watches how far replica losses drift apart during training."""
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


class ReplicaDivergenceMonitor(Callback):
    def __init__(self, monitor="loss_per_replica", threshold=10.0):
        super().__init__()
        self.monitor = monitor
        self.threshold = threshold

    def on_batch_end(self, batch, logs=None):
        spread = jnp.max(logs[self.monitor]) - jnp.min(logs[self.monitor])
        logs["diverged"] = spread > self.threshold
        return logs


class Trainer:
    def __init__(self, mesh, callbacks=None, gather_mode="reduced"):
        self.mesh = mesh
        self.gather_mode = gather_mode
        self.callbacks = CallbackList(callbacks, model=self)

    def train_step(self, w, x, y):
        loss, grad = jax.value_and_grad(lambda w: jnp.mean((x @ w - y) ** 2))(w)
        logs = {"loss": jax.lax.pmean(loss, "data"),
                "loss_per_replica": jax.lax.all_gather(loss, "data", to=self.gather_mode)}
        logs = self.callbacks.on_batch_end(0, logs)
        return w - 0.1 * jax.lax.pmean(grad, "data"), logs["loss"], logs["diverged"]


def inputs():
    rng = np.random.default_rng(44)
    return rng.normal(size=(6, 3)).astype(np.float32), rng.normal(size=(16, 6)).astype(np.float32), rng.normal(size=(16, 3)).astype(np.float32)


def main(w, x, y):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    trainer = Trainer(mesh, callbacks=[ReplicaDivergenceMonitor(threshold=5.0)])
    w = jax.device_put(w, NamedSharding(mesh, P()))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    y = jax.device_put(y, NamedSharding(mesh, P("data", None)))
    w, loss, diverged = jax.shard_map(trainer.train_step, mesh=mesh, in_specs=(P(), P("data", None), P("data", None)),
                                      out_specs=(P(), P(), P()))(w, x, y)
    return loss


if __name__ == "__main__":
    print(main(*inputs()))

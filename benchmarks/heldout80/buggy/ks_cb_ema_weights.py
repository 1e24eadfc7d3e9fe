"""An ExponentialMovingAverage callback keeping averaged weights across replicas."""
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


class ExponentialMovingAverage(Callback):
    def __init__(self, momentum=0.99, sync_axis="model"):
        super().__init__()
        self.momentum = momentum
        self.sync_axis = sync_axis

    def on_batch_end(self, batch, logs=None):
        weights = jax.lax.pmean(logs["full_weights"], self.sync_axis)
        logs["ema_weights"] = self.momentum * logs["ema_weights"] + (1.0 - self.momentum) * weights
        return logs


class Trainer:
    def __init__(self, mesh, callbacks=None, learning_rate=0.1):
        self.mesh = mesh
        self.learning_rate = learning_rate
        self.callbacks = CallbackList(callbacks, model=self)

    def train_step(self, kernel, ema, x, y):
        grad = jax.grad(lambda k: jnp.mean((x @ k - y) ** 2))(kernel)
        kernel = kernel - self.learning_rate * jax.lax.pmean(grad, "data")
        logs = {"full_weights": jax.lax.all_gather(kernel, "model", axis=1, tiled=True, to="reduced"),
                "ema_weights": ema}
        logs = self.callbacks.on_batch_end(0, logs)
        return kernel, logs["ema_weights"]


def inputs():
    rng = np.random.default_rng(42)
    return (rng.normal(size=(6, 4)).astype(np.float32), np.zeros((6, 4), np.float32),
            rng.normal(size=(16, 6)).astype(np.float32), rng.normal(size=(16, 4)).astype(np.float32))


def main(kernel, ema, x, y):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    trainer = Trainer(mesh, callbacks=[ExponentialMovingAverage(momentum=0.9)])
    kernel = jax.device_put(kernel, NamedSharding(mesh, P(None, "model")))
    ema = jax.device_put(ema, NamedSharding(mesh, P()))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    y = jax.device_put(y, NamedSharding(mesh, P("data", "model")))
    kernel, ema = jax.shard_map(trainer.train_step, mesh=mesh,
                                in_specs=(P(None, "model"), P(), P("data", None), P("data", "model")),
                                out_specs=(P(None, "model"), P()))(kernel, ema, x, y)
    return ema


if __name__ == "__main__":
    print(main(*inputs()))

"""A BaseLogger callback averages every log over all devices before the progress bar prints it."""
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


class BaseLogger(Callback):
    def set_model(self, model):
        super().set_model(model)
        self.axes = tuple(model.mesh.axis_names[:1])

    def on_batch_end(self, batch, logs=None):
        return {name: jax.lax.pmean(value, self.axes) for name, value in logs.items()}


class Trainer:
    def __init__(self, mesh, callbacks=None):
        self.mesh = mesh
        self.callbacks = CallbackList([BaseLogger(), *(callbacks or [])], model=self)

    def test_step(self, kernel, x, labels):
        logits = x @ kernel
        block = logits.shape[-1]
        local_best = jnp.max(logits, axis=-1)
        best = jax.lax.pmax(local_best, "model")
        label_ids = labels - jax.lax.axis_index("model") * block
        own = (label_ids >= 0) & (label_ids < block)
        label_logit = jnp.take_along_axis(logits, jnp.clip(label_ids, 0, block - 1)[:, None], axis=-1)[:, 0]
        logs = {
            "margin": jax.lax.pmean(jnp.mean(jnp.where(own, label_logit - local_best, 0.0)), "model"),
            "accuracy": jnp.mean(jax.lax.psum(jnp.where(own & (label_logit >= best), 1.0, 0.0), "model")),
        }
        return self.callbacks.on_batch_end(0, logs)


def inputs():
    rng = np.random.default_rng(43)
    return rng.normal(size=(6, 8)).astype(np.float32), rng.normal(size=(16, 6)).astype(np.float32), rng.integers(0, 8, size=16).astype(np.int32)


def main(kernel, x, labels):
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    trainer = Trainer(mesh)
    kernel = jax.device_put(kernel, NamedSharding(mesh, P(None, "model")))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))
    labels = jax.device_put(labels, NamedSharding(mesh, P("data")))
    logs = jax.shard_map(trainer.test_step, mesh=mesh, in_specs=(P(None, "model"), P("data", None), P("data")),
                         out_specs={"margin": P(), "accuracy": P()})(kernel, x, labels)
    return logs["accuracy"]


if __name__ == "__main__":
    print(main(*inputs()))

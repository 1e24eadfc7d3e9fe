"""Keras callbacks get their model through `set_model`, which the trainer's `CallbackList`
calls with `model=self`: `self.model.data_axis` in a callback is the trainer's field."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Callback:
    def __init__(self):
        self.model = None

    def set_model(self, model):
        self.model = model


class CallbackList:
    def __init__(self, callbacks, model=None):
        self.callbacks = list(callbacks)
        for callback in self.callbacks:
            callback.set_model(model)


class NormLogger(Callback):
    def on_batch_end(self, logs):
        axis = self.model.data_axis
        return jax.lax.all_gather(logs["norm"], axis, axis=1, tiled=True, to="reduced")  # SF101


class Trainer:
    def __init__(self, logger, data_axis="j"):
        self.data_axis = data_axis
        self.logger = logger
        self.callbacks = CallbackList([logger], model=self)

    def step(self, x):
        norm = jax.lax.psum(jnp.sum(x * x, axis=1, keepdims=True), self.data_axis)
        return self.logger.on_batch_end({"norm": norm})


def main(mesh, x):
    trainer = Trainer(NormLogger())
    return jax.shard_map(trainer.step, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)

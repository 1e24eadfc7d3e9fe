"""A Keras-style CallbackList: the trainer's step calls `self.callbacks.on_batch_end(logs)`,
which the run resolves to the list's method (not the callback's namesake), and the list calls
each callback's `on_batch_end`: the callback's pmean meets a value reduced on 'j'."""
import jax
from jax.sharding import PartitionSpec as P


class Callback:
    def on_batch_end(self, logs):
        return logs


class CallbackList:
    def __init__(self, callbacks=None):
        self.callbacks = list(callbacks or [])

    def on_batch_end(self, logs):
        for callback in self.callbacks:
            logs = callback.on_batch_end(logs) or logs
        return logs


class Averager(Callback):
    def __init__(self, axis="j"):
        self.axis = axis

    def on_batch_end(self, logs):
        logs["mean"] = jax.lax.pmean(logs["full"], self.axis)  # SF103
        return logs


class Trainer:
    def __init__(self, callbacks):
        self.callbacks = CallbackList(callbacks)

    def step(self, x):
        logs = {"full": jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")}
        logs = self.callbacks.on_batch_end(logs)
        return logs["mean"]


def main(mesh, x):
    trainer = Trainer([Averager()])
    return jax.shard_map(trainer.step, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None))(x)

"""Keras's LambdaCallback stores the hook it is given over the method
(`if on_batch_end is not None: self.on_batch_end = on_batch_end`): the callback list then runs
the lambda, whose gather of the reduced activations fails."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Callback:
    def on_batch_end(self, logs):
        return logs


class LambdaCallback(Callback):
    def __init__(self, on_batch_end=None):
        if on_batch_end is not None:
            self.on_batch_end = on_batch_end


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def on_batch_end(self, logs):
        for callback in self.callbacks:
            logs = callback.on_batch_end(logs)
        return logs


def main(mesh, x):
    snapshot = LambdaCallback(on_batch_end=lambda logs: jax.lax.all_gather(logs, ("i", "j"), axis=0, tiled=True, to="reduced"))  # SF102
    callbacks = CallbackList([snapshot])

    def step(v):
        gathered = jax.lax.all_gather(v, "j", axis=1, tiled=True, to="reduced")
        return callbacks.on_batch_end(gathered)

    return jax.shard_map(step, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)

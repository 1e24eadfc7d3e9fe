"""Near miss of dh10: the callback is built without a hook (`on_batch_end=None`), so the
method runs and hands the logs back unchanged (no error); the lambda defined beside it is never
stored."""
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
    unused = lambda logs: jax.lax.all_gather(logs, ("i", "j"), axis=0, tiled=True, to="reduced")
    callbacks = CallbackList([LambdaCallback(on_batch_end=None)])

    def step(v):
        gathered = jax.lax.all_gather(v, "j", axis=1, tiled=True, to="reduced")
        return callbacks.on_batch_end(gathered)

    return jax.shard_map(step, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x), unused

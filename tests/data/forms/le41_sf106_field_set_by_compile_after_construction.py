"""Keras-style `model.compile(loss=...)` right after the model is built sets the loss function
from a table by name; the model's bound `test_step` as the body calls it on logits gathered to
'reduced', and the log-softmax combines them with constants."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


def crossentropy(logits):
    return -jax.nn.log_softmax(logits, axis=-1).sum(axis=-1, keepdims=True)  # SF106


def absolute(logits):
    return jnp.abs(logits).sum(axis=-1, keepdims=True)


LOSSES = {"crossentropy": crossentropy, "absolute": absolute}


class Model:
    def __init__(self, axis="j"):
        self.axis = axis

    def compile(self, loss):
        self.loss_fn = LOSSES[loss]

    def test_step(self, x):
        logits = jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")
        return self.loss_fn(logits)


def main(mesh, x):
    model = Model()
    model.compile(loss="crossentropy")
    return jax.shard_map(model.test_step, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)

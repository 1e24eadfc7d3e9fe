"""Near miss of dh8: `set_model` is also called by an evaluator whose `data_axis` is 'i', and
that callback is the one the body runs (no error: the norm still varies over 'i'): the model's
class is not known, so its field is not read."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Callback:
    def __init__(self):
        self.model = None

    def set_model(self, model):
        self.model = model


class NormLogger(Callback):
    def on_batch_end(self, logs):
        axis = self.model.data_axis
        return jax.lax.all_gather(logs["norm"], axis, axis=0, tiled=True, to="reduced")


class Trainer:
    def __init__(self, logger, data_axis="j"):
        self.data_axis = data_axis
        logger.set_model(self)


class Evaluator:
    def __init__(self, logger, data_axis="i"):
        self.data_axis = data_axis
        self.logger = logger
        logger.set_model(self)

    def step(self, x):
        norm = jax.lax.psum(jnp.sum(x * x, axis=1, keepdims=True), "j")
        return self.logger.on_batch_end({"norm": norm})


def main(mesh, x):
    logger = NormLogger()
    Trainer(logger)
    evaluator = Evaluator(logger)
    return jax.shard_map(evaluator.step, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i"}))(x)

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Model:
    def __init__(self, rows, cols, red):
        self.rows = rows
        self.cols = cols
        self.red = red

    def step(self, v):
        total = jax.lax.psum(jnp.sum(v, axis=0, keepdims=True), self.red)
        return jax.lax.all_gather(total, "i", axis=0, tiled=True, to="reduced")


class ColumnModel(Model):
    def __init__(self, rows, cols, red):
        super().__init__(rows, cols, "j")


MODELS = {"model": Model}


def register(name, cls):
    MODELS[name] = cls


def main(mesh, x, name="model"):
    register("model", ColumnModel)
    model = MODELS[name]("i", "j", "i")
    return jax.shard_map(model.step, mesh=mesh, in_specs=P(model.rows, model.cols),
                         out_specs=P(None, None, reduced={"i"}))(x)

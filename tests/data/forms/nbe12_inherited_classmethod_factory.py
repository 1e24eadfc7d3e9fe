import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Trainer:
    def __init__(self, rows, cols, red):
        self.rows = rows
        self.cols = cols
        self.red = red

    @classmethod
    def create(cls):
        return cls("i", "j", "i")

    def step(self, v):
        total = jax.lax.psum(jnp.sum(v, axis=0, keepdims=True), self.red)
        return jax.lax.all_gather(total, "i", axis=0, tiled=True, to="reduced")

    def run(self, mesh, x):
        return jax.shard_map(self.step, mesh=mesh, in_specs=P(self.rows, self.cols),
                             out_specs=P(None, None, reduced={"i"}))(x)


class ColumnTrainer(Trainer):
    def __init__(self, rows, cols, red):
        super().__init__(rows, cols, "j")


def main(mesh, x):
    return ColumnTrainer.create().run(mesh, x)

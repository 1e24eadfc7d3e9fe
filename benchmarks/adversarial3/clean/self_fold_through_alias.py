"""Entry point: the trainer folds its gather axis onto the batch axis through an alias of self."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Trainer:
    def __init__(self, batch: str = "data", gather: str = "model", fold: bool = True):
        self.batch = batch
        self.gather = gather
        self.fold = fold

    def run(self, w):
        mesh = jax.make_mesh((2, 4), (self.batch, self.gather))
        w = jax.device_put(w, NamedSharding(mesh, P(self.batch)))
        me = self
        if me.fold:
            me.gather = me.batch

        def step(w):
            return jnp.tanh(jax.lax.all_gather(w, self.gather, to="reduced", tiled=True))

        return jax.shard_map(step, mesh=mesh, in_specs=P(self.batch), out_specs=P(None, reduced={self.batch}))(w)


def inputs():
    return Trainer(), np.ones((8, 4), np.float32)


def main(trainer, w):
    return float(np.asarray(trainer.run(w)).sum())

"""A callback's hook reads `trainer.strategy` of the trainer every caller hands it (`cb.hook(self,
...)` from `Trainer.fit`), and its shard_map body closes over that strategy: the one every
construction of Trainer stores, whose mean over ('i', 'j') meets a value summed over 'j'."""
import jax
from jax.sharding import PartitionSpec as P


class Strategy:
    def __init__(self, axes):
        self.axes = axes

    def reduce(self, value):
        return jax.lax.pmean(value, self.axes)  # SF105


class Callback:
    def on_batch_end(self, trainer, batch):
        return None


class Monitor(Callback):
    def on_batch_end(self, trainer, batch):
        strategy = trainer.strategy

        def body(b):
            return strategy.reduce(jax.lax.psum(b, "j"))

        return jax.shard_map(body, mesh=trainer.mesh, in_specs=P("i", "j"), out_specs=P())(batch)


class Trainer:
    def __init__(self, mesh, strategy, callbacks):
        self.mesh = mesh
        self.strategy = strategy
        self.callbacks = callbacks

    def fit(self, batch):
        return [cb.on_batch_end(self, batch) for cb in self.callbacks]


def main(mesh, x):
    return Trainer(mesh, Strategy(("i", "j")), [Monitor()]).fit(x)

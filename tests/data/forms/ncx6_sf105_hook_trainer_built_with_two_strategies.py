"""The same hook, where the file builds a second trainer with another strategy (never fitted):
which strategy `trainer.strategy` holds is not one value, so nothing is certain; the trainer that
runs means over 'i' only, which is fine."""
import jax
from jax.sharding import PartitionSpec as P


class Strategy:
    def __init__(self, axes):
        self.axes = axes

    def reduce(self, value):
        return jax.lax.pmean(value, self.axes)


class Callback:
    def on_batch_end(self, trainer, batch):
        return None


class Monitor(Callback):
    def on_batch_end(self, trainer, batch):
        strategy = trainer.strategy

        def body(b):
            return strategy.reduce(jax.lax.psum(b, "j"))

        return jax.shard_map(body, mesh=trainer.mesh, in_specs=P("i", "j"), out_specs=P("i"))(batch)


class Trainer:
    def __init__(self, mesh, strategy, callbacks):
        self.mesh = mesh
        self.strategy = strategy
        self.callbacks = callbacks

    def fit(self, batch):
        return [cb.on_batch_end(self, batch) for cb in self.callbacks]


def main(mesh, x):
    spare = Trainer(mesh, Strategy(("i", "j")), [])
    return Trainer(mesh, Strategy("i"), [Monitor()]).fit(x), spare

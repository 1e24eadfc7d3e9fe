"""A callback hook gets the trainer from every caller (`cb.on_validation_end(self, metrics)` in
Trainer) and runs its own method through `trainer.sharded`: the pmin meets the gather's reduced
result."""
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Callback:
    def on_validation_end(self, trainer, metrics):
        pass


class EarlyStopping(Callback):
    def __init__(self, axis="i"):
        self.axis = axis
        self.best = None

    def _synced(self, loss):
        losses = jax.lax.all_gather(loss, self.axis, axis=0, tiled=True, to="reduced")
        return jax.lax.pmin(losses, self.axis)  # SF103

    def on_validation_end(self, trainer, metrics):
        self.best = trainer.sharded(self._synced, metrics["loss"], P("i", "j"), P(None, "j"))


class Trainer:
    def __init__(self, mesh, callbacks):
        self.mesh = mesh
        self.callbacks = callbacks

    def sharded(self, fn, x, in_spec, out_spec):
        return jax.shard_map(fn, mesh=self.mesh, in_specs=in_spec, out_specs=out_spec)(x)

    def validate(self, batch):
        metrics = {"loss": batch * 2.0}
        for cb in self.callbacks:
            cb.on_validation_end(self, metrics)
        return metrics


def main(mesh, x):
    stopper = EarlyStopping()
    Trainer(mesh, [stopper]).validate(x)
    return stopper.best

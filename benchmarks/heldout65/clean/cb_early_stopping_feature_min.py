"""Early stopping callback whose monitored value is synchronised across replicas."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_REDUCERS = {
    "min": jax.lax.pmin,
    "max": jax.lax.pmax,
    "mean": jax.lax.pmean,
}


class Callback:
    def on_validation_end(self, trainer, metrics):
        pass


class EarlyStopping(Callback):
    def __init__(self, monitor="val_loss", mode="min", patience=2, sync_axis="data", feature_axis="model"):
        self.monitor = monitor
        self.mode = mode
        self.patience = patience
        self.sync_axis = sync_axis
        self.feature_axis = feature_axis
        self.wait = 0
        self.best = None

    def _synced(self, per_example):
        losses = jax.lax.all_gather(per_example, self.sync_axis, axis=0, tiled=True, to="reduced")
        reduce = _REDUCERS[self.mode]
        return reduce(losses, self.feature_axis)

    def on_validation_end(self, trainer, metrics):
        value = trainer.sharded(self._synced, metrics[self.monitor], P("data", "model"),
                                P(None, None, reduced={"data"}))
        current = float(np.min(np.asarray(value)))
        if self.best is None or current < self.best:
            self.best, self.wait = current, 0
        else:
            self.wait += 1
            trainer.should_stop = self.wait >= self.patience


class Trainer:
    def __init__(self, mesh, callbacks):
        self.mesh = mesh
        self.callbacks = callbacks
        self.should_stop = False

    def sharded(self, fn, x, in_spec, out_spec):
        return jax.shard_map(fn, mesh=self.mesh, in_specs=in_spec, out_specs=out_spec)(x)

    def validate(self, loss_fn, batch):
        metrics = {"val_loss": loss_fn(batch)}
        for cb in self.callbacks:
            cb.on_validation_end(self, metrics)
        return metrics


def inputs():
    return (np.abs(np.random.default_rng(1).normal(size=(8, 8))).astype(np.float32),)


def main(batch):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    batch = jax.device_put(batch, NamedSharding(mesh, P("data", "model")))
    trainer = Trainer(mesh, [EarlyStopping()])
    for epoch in range(3):
        trainer.validate(lambda b: b * (epoch + 1), batch)
        if trainer.should_stop:
            break
    return trainer.should_stop


if __name__ == "__main__":
    main(*inputs())

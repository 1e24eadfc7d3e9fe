"""Probabilistic forecaster training step: pinball loss per quantile, logged through trainer hooks."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

QUANTILES = (0.1, 0.5, 0.9)


class Trainer:
    def __init__(self, mesh, config):
        self.mesh = mesh
        self.series_axis = config["parallel"]["series_axis"]
        self.horizon_axis = config["parallel"]["horizon_axis"]
        self.hooks = []

    def add_hook(self, fn):
        self.hooks.append(fn)
        return fn

    def pinball(self, y, q_pred):
        q = jnp.asarray(QUANTILES)[None, None, :]
        diff = y[..., None] - q_pred
        return jnp.maximum(q * diff, (q - 1.0) * diff).mean(axis=(0, 1))

    def step(self, y, q_pred):
        loss = jax.lax.psum(self.pinball(y, q_pred), self.series_axis)
        logs = {"loss": loss}
        for hook in self.hooks:
            logs = hook(self, logs)
        return logs["loss_table"]


def log_loss_table(trainer, logs):
    table = jax.lax.all_gather(logs["loss"], trainer.series_axis, to="reduced")
    return {**logs, "loss_table": table}


def inputs():
    rng = np.random.default_rng(3)
    return (rng.standard_normal((16, 8)).astype(np.float32),
            rng.standard_normal((16, 8, 3)).astype(np.float32))


def main(y, q_pred):
    config = {"parallel": {"series_axis": "series", "horizon_axis": "horizon"}}
    mesh = jax.make_mesh((4, 2), ("series", "horizon"))
    trainer = Trainer(mesh, config)
    trainer.add_hook(log_loss_table)
    y = jax.device_put(y, NamedSharding(mesh, P("series", "horizon")))
    q_pred = jax.device_put(q_pred, NamedSharding(mesh, P("series", "horizon", None)))
    fn = jax.shard_map(trainer.step, mesh=mesh,
                       in_specs=(P("series", "horizon"), P("series", "horizon", None)),
                       out_specs=P(None, "horizon", reduced={"series"}))
    return fn(y, q_pred)


if __name__ == "__main__":
    print(main(*inputs()))

"""Rolling-window backtest: local item metrics of each window shard kept as a history."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class BacktestConfig:
    windows: int = 4
    distance: int = 4
    prediction_length: int = 4
    window_axis: str = "window"
    series_axis: str = "series"
    mesh_shape: tuple = (2, 4)

    def mesh(self):
        return jax.make_mesh(self.mesh_shape, (self.window_axis, self.series_axis))

    def spec(self):
        return P(self.window_axis, self.series_axis, None)


def mae(target, forecast):
    return jnp.abs(target - forecast).mean(axis=2)


def smape(target, forecast):
    return (2.0 * jnp.abs(target - forecast) / (jnp.abs(target) + jnp.abs(forecast) + 1e-8)).mean(axis=2)


METRICS = {"MAE": mae, "sMAPE": smape}


class RollingEvaluator:
    def __init__(self, cfg, metrics=("MAE", "sMAPE")):
        self.cfg = cfg
        self.metrics = metrics

    def item_metrics(self, target, forecast):
        out = {}
        for name in self.metrics:
            out[name] = METRICS[name](target, forecast).mean(axis=0)
        return out

    def history(self, value):
        return jax.lax.all_gather(value[None], self.cfg.window_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, target, forecast):
        metrics = self.item_metrics(target, forecast)
        return {name: self.history(value) for name, value in metrics.items()}


def inputs():
    rng = np.random.default_rng(40)
    target = rng.gamma(3.0, 2.0, size=(4, 16, 4)).astype(np.float32)
    forecast = (target + rng.normal(scale=1.5, size=target.shape)).astype(np.float32)
    return target, forecast


def main(target, forecast):
    cfg = BacktestConfig()
    mesh = cfg.mesh()
    target, forecast = (jax.device_put(a, NamedSharding(mesh, cfg.spec())) for a in (target, forecast))
    evaluator = RollingEvaluator(cfg)
    out = {name: P(None, cfg.series_axis, reduced={cfg.window_axis}) for name in evaluator.metrics}
    fn = jax.shard_map(evaluator, mesh=mesh, in_specs=(cfg.spec(), cfg.spec()), out_specs=out)
    return fn(target, forecast)


if __name__ == "__main__":
    print(main(*inputs()))

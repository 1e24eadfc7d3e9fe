"""Backtest metrics: weighted quantile loss aggregated with the evaluator's strategy."""
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


AGGREGATIONS = {"mean": jax.lax.pmean, "sum": jax.lax.psum}
EVALUATOR = {"quantile": 0.9, "aggregation": "mean", "aggregate_over": "window,series"}


def quantile_loss(target, forecast, q):
    return 2.0 * jnp.abs((forecast - target) * ((target <= forecast) - q))


class Evaluator:
    def __init__(self, cfg, quantile, aggregation, aggregate_over):
        self.cfg = cfg
        self.quantile = quantile
        self.aggregate = AGGREGATIONS[aggregation]
        self.aggregate_over = tuple(aggregate_over.split(","))

    def wql(self, target, forecast):
        numerator = jax.lax.psum(quantile_loss(target, forecast, self.quantile).sum(), self.cfg.series_axis)
        denominator = jax.lax.psum(jnp.abs(target).sum(), self.cfg.series_axis)
        return numerator / denominator

    def __call__(self, target, forecast):
        return self.aggregate(self.wql(target, forecast), self.aggregate_over)


def inputs():
    rng = np.random.default_rng(44)
    target = rng.gamma(3.0, 2.0, size=(4, 16, 4)).astype(np.float32)
    forecast = (target + rng.normal(scale=1.5, size=target.shape)).astype(np.float32)
    return target, forecast


def main(target, forecast):
    cfg = BacktestConfig()
    mesh = cfg.mesh()
    target, forecast = (jax.device_put(a, NamedSharding(mesh, cfg.spec())) for a in (target, forecast))
    evaluator = Evaluator(cfg, **EVALUATOR)
    fn = jax.shard_map(evaluator, mesh=mesh, in_specs=(cfg.spec(), cfg.spec()), out_specs=P())
    return fn(target, forecast)


if __name__ == "__main__":
    print(main(*inputs()))

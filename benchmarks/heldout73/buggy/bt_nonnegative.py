"""Backtest post-processing: demand forecasts over the full series set clamped at zero."""
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


POSTPROCESS = ["gather", "clamp"]


class ForecastPostProcessor:
    def __init__(self, cfg, steps=POSTPROCESS, floor=0.0):
        self.cfg = cfg
        self.steps = steps
        self.floor = floor

    def gather(self, forecast):
        return jax.lax.all_gather(forecast, self.cfg.series_axis, axis=1, tiled=True, to="reduced")

    def clamp(self, forecast):
        return jnp.maximum(forecast, self.floor)

    def __call__(self, target, forecast):
        for step in self.steps:
            forecast = getattr(self, step)(forecast)
        return forecast.sum(axis=1)


def inputs():
    rng = np.random.default_rng(45)
    target = rng.gamma(3.0, 2.0, size=(4, 16, 4)).astype(np.float32)
    forecast = (target + rng.normal(scale=1.5, size=target.shape)).astype(np.float32)
    return target, forecast


def main(target, forecast):
    cfg = BacktestConfig()
    mesh = cfg.mesh()
    target, forecast = (jax.device_put(a, NamedSharding(mesh, cfg.spec())) for a in (target, forecast))
    post = ForecastPostProcessor(cfg)
    fn = jax.shard_map(post, mesh=mesh, in_specs=(cfg.spec(), cfg.spec()), out_specs=P(cfg.window_axis, None))
    return fn(target, forecast)


if __name__ == "__main__":
    print(main(*inputs()))

"""Rolling-origin backtest: a seasonal-naive baseline built from the previous window's actuals."""
import dataclasses
import functools

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


class RollingOrigin:
    def __init__(self, cfg, num_window_shards):
        self.cfg = cfg
        self.num_window_shards = num_window_shards

    @functools.cached_property
    def advance(self):
        n = self.num_window_shards
        return [(i, (i + 1) % n) for i in range(n)]

    def shift(self, x):
        return jax.lax.ppermute(x, self.cfg.window_axis, self.advance)


class SeasonalNaive:
    def __init__(self, origin):
        self.origin = origin

    def actuals(self, target):
        return jax.lax.all_gather(target, self.origin.cfg.window_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, target, forecast):
        history = self.actuals(target)
        previous = self.origin.shift(history[-target.shape[0]:])
        naive_error = jnp.abs(target - previous).mean()
        model_error = jnp.abs(target - forecast).mean()
        return (model_error / naive_error)[None, None]


def inputs():
    rng = np.random.default_rng(42)
    target = rng.gamma(3.0, 2.0, size=(4, 16, 4)).astype(np.float32)
    forecast = (target + rng.normal(scale=1.5, size=target.shape)).astype(np.float32)
    return target, forecast


def main(target, forecast):
    cfg = BacktestConfig()
    mesh = cfg.mesh()
    target, forecast = (jax.device_put(a, NamedSharding(mesh, cfg.spec())) for a in (target, forecast))
    baseline = SeasonalNaive(RollingOrigin(cfg, mesh.shape[cfg.window_axis]))
    fn = jax.shard_map(baseline, mesh=mesh, in_specs=(cfg.spec(), cfg.spec()),
                       out_specs=P(cfg.window_axis, cfg.series_axis))
    return fn(target, forecast)


if __name__ == "__main__":
    print(main(*inputs()))

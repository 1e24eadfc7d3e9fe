"""Backtest report: per-window, per-series errors gathered into the layout the report writer reads."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
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


@dataclasses.dataclass
class ReportConfig:
    metric_layout: P = dataclasses.field(default_factory=lambda: P("window", "series"))
    report_layout: P = dataclasses.field(default_factory=lambda: P("window", None))


def write_report(errors, report):
    return top_level_all_gather(errors, report.report_layout)


def inputs():
    rng = np.random.default_rng(43)
    target = rng.gamma(3.0, 2.0, size=(4, 16, 4)).astype(np.float32)
    forecast = (target + rng.normal(scale=1.5, size=target.shape)).astype(np.float32)
    return target, forecast


def main(target, forecast):
    cfg = BacktestConfig()
    report = ReportConfig()
    mesh = cfg.mesh()
    layout = NamedSharding(mesh, cfg.spec())
    target, forecast = (jax.device_put(a, layout) for a in (target, forecast))
    errors_fn = jax.jit(lambda t, f: jnp.abs(t - f).mean(axis=2),
                        out_shardings=NamedSharding(mesh, report.metric_layout))
    with jax.set_mesh(mesh):
        errors = errors_fn(target, forecast)
        return write_report(errors, report)


if __name__ == "__main__":
    print(main(*inputs()))

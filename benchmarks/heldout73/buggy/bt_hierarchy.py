"""Rolling-window backtest: absolute errors collected level by level of the reporting hierarchy."""
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


LEVELS = {
    "item": ("series",),
    "dataset": ("window", "series"),
}


def collect(errors, axes):
    dim = 0 if len(axes) > 1 else 1
    return jax.lax.all_gather(errors, axes, axis=dim, tiled=True, to="reduced")


class HierarchicalEvaluator:
    def __init__(self, levels):
        self.levels = levels

    def __call__(self, target, forecast):
        errors = jnp.abs(target - forecast).mean(axis=2)
        for level in self.levels:
            errors = collect(errors, LEVELS[level])
        return errors


def inputs():
    rng = np.random.default_rng(41)
    target = rng.gamma(3.0, 2.0, size=(4, 16, 4)).astype(np.float32)
    forecast = (target + rng.normal(scale=1.5, size=target.shape)).astype(np.float32)
    return target, forecast


def main(target, forecast):
    cfg = BacktestConfig()
    mesh = cfg.mesh()
    target, forecast = (jax.device_put(a, NamedSharding(mesh, cfg.spec())) for a in (target, forecast))
    evaluator = HierarchicalEvaluator(["item", "dataset"])
    fn = jax.shard_map(evaluator, mesh=mesh, in_specs=(cfg.spec(), cfg.spec()),
                       out_specs=P(None, None, reduced={cfg.window_axis, cfg.series_axis}))
    return fn(target, forecast)


if __name__ == "__main__":
    print(main(*inputs()))

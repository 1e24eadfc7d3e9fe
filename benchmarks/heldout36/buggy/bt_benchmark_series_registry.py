"""Vectorised backtest: equal-weight benchmark series for each registered strategy."""
from dataclasses import dataclass

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STRATEGIES = {}


def strategy(name):
    def wrap(cls):
        STRATEGIES[name] = cls
        return cls
    return wrap


@dataclass(frozen=True)
class BacktestConfig:
    asset_axis: str = "assets"
    date_axis: str = "dates"
    n_assets: int = 16


@strategy("equal_weight")
class EqualWeight:
    def __init__(self, cfg: BacktestConfig):
        self.cfg = cfg

    def benchmark(self, returns):
        cross = jax.lax.psum(returns.sum(axis=0), self.cfg.asset_axis) / self.cfg.n_assets
        return jax.lax.all_gather(cross, self.cfg.asset_axis, axis=0, to="reduced")


def run(name, returns, cfg=BacktestConfig()):
    mesh = jax.make_mesh((4, 2), (cfg.asset_axis, cfg.date_axis))
    spec = P(cfg.asset_axis, cfg.date_axis)
    returns = jax.device_put(returns, NamedSharding(mesh, spec))
    strat = STRATEGIES[name](cfg)
    fn = jax.shard_map(strat.benchmark, mesh=mesh, in_specs=spec,
                       out_specs=P(None, cfg.date_axis, reduced={cfg.asset_axis}))
    return fn(returns)


def inputs():
    rng = np.random.default_rng(7)
    return (rng.normal(0.0005, 0.01, (16, 8)).astype(np.float32),)


def main(returns):
    return run("equal_weight", returns)


if __name__ == "__main__":
    print(main(*inputs()))

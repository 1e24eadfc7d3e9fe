"""Cross-sectional alpha backtest: turnover and cost attribution.

Run: python bt_turnover_cost.py  (uses the research mesh: time blocks x asset blocks)
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class BacktestConfig:
    mesh_shape: tuple = (4, 2)
    mesh_axes: tuple = ("time", "asset")
    gross_limit: float = 2.0
    cost_bps: float = 5.0
    cost_axis: str = "asset"


def positions_from_alpha(alpha, cfg):
    gross = jnp.abs(alpha).sum(axis=1, keepdims=True)
    peak = jax.lax.pmax(gross, cfg.cost_axis)
    return alpha * (cfg.gross_limit / (peak + 1e-9)), peak


def run_backtest(alpha, rets, mesh, cfg):
    def _block(a, r):
        pos, peak = positions_from_alpha(a, cfg)
        trades = jnp.diff(pos, axis=0, prepend=pos[:1])
        cost = cfg.cost_bps * 1e-4 * jnp.abs(trades)
        pnl = (pos * r - cost).sum(axis=1, keepdims=True)
        peak_cols = jax.lax.all_gather(peak, cfg.cost_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.psum(pnl, cfg.cost_axis), peak_cols

    return jax.shard_map(_block, mesh=mesh,
                         in_specs=(P("time", "asset"), P("time", "asset")),
                         out_specs=(P("time", None), P("time", None, reduced={"asset"})))(alpha, rets)


def inputs():
    rng = np.random.default_rng(201)
    alpha = rng.standard_normal((32, 16)).astype(np.float32)
    rets = (0.01 * rng.standard_normal((32, 16)) + 0.001 * alpha).astype(np.float32)
    return alpha, rets


def main(alpha, rets):
    cfg = BacktestConfig()
    mesh = jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)
    lay = NamedSharding(mesh, P("time", "asset"))
    pnl, peak = run_backtest(jax.device_put(alpha, lay), jax.device_put(rets, lay), mesh, cfg)
    print("cum pnl", float(pnl.sum()), "peak gross", peak.shape)
    return pnl


if __name__ == "__main__":
    main(*inputs())

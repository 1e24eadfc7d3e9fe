"""Backtest PnL curves: per-asset curves and the strategy-level equity matrix."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class CurveConfig:
    mesh_shape: tuple = (4, 2)
    mesh_axes: tuple = ("time", "asset")
    curve_axis: str = "time"
    equity_axes: list = field(default_factory=lambda: ["asset", "time"])


class CurveBuilder:
    def __init__(self, cfg):
        self.cfg = cfg

    def asset_curves(self, pnl):
        return jax.lax.all_gather(pnl, self.cfg.curve_axis, axis=0, tiled=True, to="reduced")

    def equity_matrix(self, curves):
        return jax.lax.all_gather(curves, tuple(self.cfg.equity_axes), axis=1, tiled=True, to="reduced")

    def __call__(self, pos, rets):
        pnl = pos * rets
        curves = self.asset_curves(pnl)
        return curves, self.equity_matrix(curves)


def inputs():
    rng = np.random.default_rng(202)
    pos = np.sign(rng.standard_normal((32, 16))).astype(np.float32)
    rets = (0.01 * rng.standard_normal((32, 16))).astype(np.float32)
    return pos, rets


def main(pos, rets):
    cfg = CurveConfig()
    mesh = jax.make_mesh(cfg.mesh_shape, cfg.mesh_axes)
    lay = NamedSharding(mesh, P("time", "asset"))
    builder = CurveBuilder(cfg)
    curves, equity = jax.shard_map(
        builder, mesh=mesh, in_specs=(P("time", "asset"), P("time", "asset")),
        out_specs=(P(None, "asset", reduced={"time"}), P(None, None, reduced={"time", "asset"})),
    )(jax.device_put(pos, lay), jax.device_put(rets, lay))
    print(curves.shape, equity.shape)
    return equity


if __name__ == "__main__":
    main(*inputs())

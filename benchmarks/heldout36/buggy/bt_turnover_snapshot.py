"""Backtest diagnostics: portfolio turnover snapshot over the whole (date, asset) grid."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATES, ASSETS = "dates", "assets"


def _daily_positions(weights, date_axis):
    # positions held at each rebalance, shared by every date shard
    return jax.lax.all_gather(weights, date_axis, axis=0, tiled=True, to="reduced")


class TurnoverReport:
    def __init__(self, date_axis=DATES, asset_axis=ASSETS):
        self.date_axis = date_axis
        self.asset_axis = asset_axis

    def __call__(self, weights):
        held = _daily_positions(weights, self.date_axis)
        return jax.lax.all_gather(held, (self.date_axis, self.asset_axis), axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(11)
    w = rng.dirichlet(np.ones(8), size=8).astype(np.float32)
    return (w,)


def main(weights):
    mesh = jax.make_mesh((2, 4), (DATES, ASSETS))
    weights = jax.device_put(jnp.asarray(weights), NamedSharding(mesh, P(DATES, ASSETS)))
    report = TurnoverReport()
    fn = jax.shard_map(report, mesh=mesh, in_specs=P(DATES, ASSETS),
                       out_specs=P(None, None, reduced={DATES, ASSETS}))
    return fn(weights)


if __name__ == "__main__":
    print(main(*inputs()))

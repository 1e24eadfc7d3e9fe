"""Backtest diagnostics: turnover snapshot, positions cast back to varying before the grid gather."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATES, ASSETS = "dates", "assets"


def _daily_positions(weights, date_axis):
    return jax.lax.all_gather(weights, date_axis, axis=0, tiled=True, to="reduced")


class TurnoverReport:
    def __init__(self, date_axis=DATES, asset_axis=ASSETS):
        self.date_axis = date_axis
        self.asset_axis = asset_axis

    def __call__(self, weights):
        held = jax.lax.pcast(_daily_positions(weights, self.date_axis), self.date_axis, to="varying")
        return jax.lax.all_gather(held, (self.date_axis, self.asset_axis), axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(11)
    return (rng.dirichlet(np.ones(8), size=8).astype(np.float32),)


def main(weights):
    mesh = jax.make_mesh((2, 4), (DATES, ASSETS))
    weights = jax.device_put(jnp.asarray(weights), NamedSharding(mesh, P(DATES, ASSETS)))
    fn = jax.shard_map(TurnoverReport(), mesh=mesh, in_specs=P(DATES, ASSETS),
                       out_specs=P(None, None, reduced={DATES, ASSETS}))
    return fn(weights)


if __name__ == "__main__":
    print(main(*inputs()))

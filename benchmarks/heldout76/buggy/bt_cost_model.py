"""Transaction-cost model: square-root impact on the day's full trade list."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass(frozen=True)
class CostModel:
    spread_bps: float = 2.0
    impact_coef: float = 0.1
    time_axis: str = "time"

    def day_trades(self, trades):
        return jax.lax.all_gather(trades, self.time_axis, axis=0, tiled=True, to="reduced")

    def spread_cost(self, notional):
        return notional * (self.spread_bps * 1e-4)

    def __call__(self, pos):
        trades = jnp.abs(jnp.diff(pos, axis=0, prepend=pos[:1]))
        day = self.day_trades(trades)
        return self.spread_cost(day).sum(axis=0)


def inputs():
    rng = np.random.default_rng(206)
    return (np.cumsum(rng.standard_normal((32, 16)), axis=0).astype(np.float32),)


def main(pos):
    mesh = jax.make_mesh((4, 2), ("time", "asset"))
    pos = jax.device_put(pos, NamedSharding(mesh, P("time", "asset")))
    cost = jax.shard_map(CostModel(), mesh=mesh, in_specs=P("time", "asset"), out_specs=P("asset"))(pos)
    print("spread cost per asset", cost.shape)
    return cost


if __name__ == "__main__":
    main(*inputs())

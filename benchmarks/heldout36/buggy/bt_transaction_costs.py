"""Backtest: linear transaction costs on the rebalance trades."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

COST_BPS = 2.5


def trade_costs(trades, *, asset_axis, cost_bps=COST_BPS):
    book = jax.lax.all_gather(jnp.abs(trades), asset_axis, axis=1, tiled=True, to="reduced")
    costs = book * (cost_bps * 1e-4)
    return jnp.max(costs, axis=1)


def inputs():
    rng = np.random.default_rng(9)
    return (rng.normal(0.0, 1e5, (8, 16)).astype(np.float32),)


def main(trades):
    mesh = jax.make_mesh((2, 4), ("dates", "assets"))
    spec = P("dates", "assets")
    trades = jax.device_put(trades, NamedSharding(mesh, spec))
    body = functools.partial(trade_costs, asset_axis="assets")
    fn = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P("dates"))
    return fn(trades)


if __name__ == "__main__":
    print(main(*inputs()))

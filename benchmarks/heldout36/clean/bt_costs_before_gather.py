"""Backtest: transaction costs computed per shard, then pooled to reduced."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

COST_BPS = 2.5


def trade_costs(trades, *, asset_axis, cost_bps=COST_BPS):
    costs = jnp.abs(trades) * (cost_bps * 1e-4)
    return jax.lax.all_gather(costs, asset_axis, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(9)
    return (rng.normal(0.0, 1e5, (8, 16)).astype(np.float32),)


def main(trades):
    mesh = jax.make_mesh((2, 4), ("dates", "assets"))
    spec = P("dates", "assets")
    trades = jax.device_put(trades, NamedSharding(mesh, spec))
    body = functools.partial(trade_costs, asset_axis="assets")
    fn = jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=P("dates", None, reduced={"assets"}))
    return fn(trades)


if __name__ == "__main__":
    print(main(*inputs()))

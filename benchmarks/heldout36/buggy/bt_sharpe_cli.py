"""Backtest CLI: annualised Sharpe ratio of the long-short book."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--asset-axis", default="assets")
    ap.add_argument("--date-axis", default="dates")
    ap.add_argument("--periods-per-year", type=int, default=252)
    return ap.parse_args(argv)


def make_body(args):
    axes = (args.asset_axis, args.date_axis)

    def sharpe(returns):
        book = jax.lax.psum(returns.sum(axis=0), args.asset_axis)
        mu = jax.lax.pmean(jnp.mean(book), axes)
        var = jax.lax.pmean(jnp.mean((book - mu) ** 2), args.date_axis)
        return mu / jnp.sqrt(var) * jnp.sqrt(args.periods_per_year)

    return sharpe


def inputs():
    rng = np.random.default_rng(5)
    return (rng.normal(0.0002, 0.01, (16, 32)).astype(np.float32),)


def main(returns):
    args = parse([])
    mesh = jax.make_mesh((4, 2), (args.asset_axis, args.date_axis))
    spec = P(args.asset_axis, args.date_axis)
    returns = jax.device_put(returns, NamedSharding(mesh, spec))
    fn = jax.shard_map(make_body(args), mesh=mesh, in_specs=spec, out_specs=P())
    return fn(returns)


if __name__ == "__main__":
    print(main(*inputs()))

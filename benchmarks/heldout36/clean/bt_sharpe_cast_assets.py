"""Backtest CLI: Sharpe ratio, the book return cast to varying before the pooled mean."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--asset-axis", default="assets")
    ap.add_argument("--date-axis", default="dates")
    return ap.parse_args(argv)


def make_body(args):
    axes = (args.asset_axis, args.date_axis)

    def sharpe(returns):
        book = jax.lax.psum(returns.sum(axis=0), args.asset_axis)
        book = jax.lax.pcast(book, args.asset_axis, to="varying")
        mu = jax.lax.pmean(jnp.mean(book), axes)
        var = jax.lax.pmean(jnp.mean((book - mu) ** 2), axes)
        return mu / jnp.sqrt(var) * jnp.sqrt(252.0)

    return sharpe


def inputs():
    rng = np.random.default_rng(5)
    return (rng.normal(0.0002, 0.01, (16, 32)).astype(np.float32),)


def main(returns):
    args = parse([])
    mesh = jax.make_mesh((4, 2), (args.asset_axis, args.date_axis))
    spec = P(args.asset_axis, args.date_axis)
    returns = jax.device_put(returns, NamedSharding(mesh, spec))
    return jax.shard_map(make_body(args), mesh=mesh, in_specs=spec, out_specs=P())(returns)


if __name__ == "__main__":
    print(main(*inputs()))

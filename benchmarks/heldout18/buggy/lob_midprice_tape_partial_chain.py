"""Limit-order-book simulator: best quotes over agent shards, a mid-price tape per symbol."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 4), ("sym", "agent"))
collect = functools.partial(jax.lax.all_gather, tiled=False)
tape = functools.partial(collect, to="reduced")


def best_quotes(bids, asks):
    best_bid = jax.lax.pmax(jnp.max(bids, axis=1), "agent")
    best_ask = jax.lax.pmin(jnp.min(asks, axis=1), "agent")
    return best_bid, best_ask


def market_step(bids, asks):
    bid, ask = best_quotes(bids, asks)
    mid = 0.5 * (bid + ask)
    record = tape(mid, "agent")
    return ask - bid, record


def inputs():
    bids = 100.0 - jnp.abs(jnp.sin(jnp.arange(4 * 16, dtype=jnp.float32))).reshape(4, 16)
    put = lambda a: jax.device_put(a, NamedSharding(mesh, P("sym", "agent")))
    return put(bids), put(bids + 0.5)


def main(bids, asks):
    f = jax.shard_map(market_step, mesh=mesh, in_specs=(P("sym", "agent"), P("sym", "agent")),
                      out_specs=(P("sym"), P(None, "sym", reduced={"agent"})))
    return f(bids, asks)

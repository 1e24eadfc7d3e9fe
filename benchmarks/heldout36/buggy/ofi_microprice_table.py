"""Order-book features: microprice table for the quoting engine."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SYMBOLS, VENUES = "symbols", "venues"

gather_symbols = functools.partial(jax.lax.all_gather, axis_name=SYMBOLS, axis=0, tiled=True, to="reduced")
gather_book = functools.partial(jax.lax.all_gather, axis_name=(SYMBOLS, VENUES), axis=1, tiled=True, to="reduced")


def microprice(bid_px, ask_px, bid_sz, ask_sz):
    mp = (bid_px * ask_sz + ask_px * bid_sz) / (bid_sz + ask_sz)
    by_symbol = gather_symbols(mp)
    return gather_book(by_symbol)


def inputs():
    rng = np.random.default_rng(13)
    mid = rng.uniform(50, 150, (8, 4)).astype(np.float32)
    spread = rng.uniform(0.01, 0.05, (8, 4)).astype(np.float32)
    size = rng.integers(100, 1000, (4, 8, 4)).astype(np.float32)
    return mid - spread / 2, mid + spread / 2, size[0], size[1]


def main(bid_px, ask_px, bid_sz, ask_sz):
    mesh = jax.make_mesh((4, 2), (SYMBOLS, VENUES))
    spec = P(SYMBOLS, VENUES)
    args = [jax.device_put(jnp.asarray(v), NamedSharding(mesh, spec)) for v in (bid_px, ask_px, bid_sz, ask_sz)]
    fn = jax.shard_map(microprice, mesh=mesh, in_specs=(spec,) * 4,
                       out_specs=P(None, None, reduced={SYMBOLS, VENUES}))
    return fn(*args)


if __name__ == "__main__":
    print(main(*inputs()))

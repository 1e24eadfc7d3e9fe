"""First-price bid shading: bids shaded towards the observed market price, never below reserve."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def shade(bids, reserve, *, factor, auction_axis):
    market = jax.lax.all_gather(bids, auction_axis, axis=1, tiled=True, to="invarying")
    shaded = jnp.maximum(market * factor, reserve[:, None])
    return shaded.min(axis=1)


def inputs():
    rng = np.random.default_rng(44)
    return (rng.lognormal(0.0, 0.4, size=(8, 16)).astype(np.float32),
            np.full((8,), 0.3, np.float32))


def main(bids, reserve):
    mesh = jax.make_mesh((2, 4), ("campaign", "auction"))
    bids = jax.device_put(bids, NamedSharding(mesh, P("campaign", "auction")))
    reserve = jax.device_put(reserve, NamedSharding(mesh, P("campaign")))
    body = functools.partial(shade, factor=0.85, auction_axis="auction")
    fn = jax.shard_map(body, mesh=mesh, in_specs=(P("campaign", "auction"), P("campaign")),
                       out_specs=P("campaign"))
    return fn(bids, reserve)


if __name__ == "__main__":
    print(main(*inputs()))

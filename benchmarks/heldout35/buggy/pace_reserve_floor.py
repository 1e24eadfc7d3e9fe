"""Reserve-price floors: a quantile of observed bids per shard, the strictest floor enforced."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AUCTION = "auction"
FLOOR_QUANTILE = 0.2

share_floors = functools.partial(jax.lax.all_gather, axis_name=AUCTION, to="reduced")
strictest = functools.partial(jax.lax.pmax, axis_name=AUCTION)


def shard_floor(bids):
    k = int(bids.shape[-1] * FLOOR_QUANTILE)
    return jnp.sort(bids, axis=-1)[..., k]


def reserve(bids):
    floors = share_floors(shard_floor(bids))
    return strictest(floors)


def inputs():
    rng = np.random.default_rng(42)
    return (rng.lognormal(0.0, 0.6, size=(4, 64)).astype(np.float32),)


def main(bids):
    mesh = jax.make_mesh((8,), (AUCTION,))
    bids = jax.device_put(bids, NamedSharding(mesh, P(None, AUCTION)))
    fn = jax.shard_map(reserve, mesh=mesh, in_specs=P(None, AUCTION), out_specs=P())
    return fn(bids)


if __name__ == "__main__":
    print(main(*inputs()))

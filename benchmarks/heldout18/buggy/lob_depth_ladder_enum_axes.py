"""Order-book depth ladder: resting quantities per (price level, agent), consolidated for a feed."""
import enum

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class Book(str, enum.Enum):
    LEVEL = "level"
    AGENT = "agent"


mesh = jax.make_mesh((2, 4), tuple(a.value for a in Book))
FEED_AXES = tuple(a.value for a in Book)


def ladder(qty):
    by_level = jax.lax.all_gather(qty, Book.AGENT.value, axis=1, tiled=True, to="reduced")
    feed = jax.lax.all_gather(by_level, FEED_AXES, axis=0, tiled=True, to="reduced")
    return jnp.sum(feed, axis=1)


def inputs():
    qty = jnp.abs(jnp.cos(jnp.arange(10 * 16, dtype=jnp.float32))).reshape(10, 16)
    return (jax.device_put(qty, NamedSharding(mesh, P(Book.LEVEL.value, Book.AGENT.value))),)


def main(qty):
    spec = P(reduced={Book.LEVEL.value, Book.AGENT.value})
    return jax.shard_map(ladder, mesh=mesh, in_specs=P(Book.LEVEL.value, Book.AGENT.value),
                         out_specs=spec)(qty)

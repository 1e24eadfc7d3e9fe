"""Multi-venue order flow laid out over (venue, sym, agent); one venue's view gathered for replay."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

mesh = jax.make_mesh((2, 2, 2), ("venue", "sym", "agent"))


class Layouts(NamedTuple):
    flat: P = P(("venue", "sym", "agent"), None)
    replay: P = P(("sym", "agent"), None, reduced={"venue"})


LAYOUT = Layouts()


def simulate_orders(n=32, k=4):
    return jnp.cumsum(jnp.ones((n, k)), axis=0)


def inputs():
    return (simulate_orders(),)


def main(raw):
    with jax.set_mesh(mesh):
        orders = jax.reshard(raw, LAYOUT.flat)
        replay = top_level_all_gather(orders, LAYOUT.replay)
    return replay

"""The plan is resharded for the barycentric map, then collected in a layout picked from an Enum."""
import enum

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("src", "tgt"))


class Layout(enum.Enum):
    BLOCKS = P("src", "tgt")
    ROWS = P("src", None, reduced={"tgt"})
    TRANSPOSED = P("tgt", None, reduced={"src"})


def inputs():
    return (jax.random.uniform(jax.random.key(53), (32, 16)),)


def main(cost):
    with jax.set_mesh(mesh):
        plan = jnp.exp(-jax.device_put(cost, P("src", None)) / 0.1)
        plan = jax.reshard(plan, Layout.BLOCKS.value)
        rows = top_level_all_gather(plan, Layout.ROWS.value)
        cols = top_level_all_gather(plan, Layout.TRANSPOSED.value)
        return rows, cols

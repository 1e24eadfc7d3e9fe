"""Hot-loading an adapter: weights stored per tp shard, laid out for the kernel."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("adapter", "tp"))


class AdapterLayouts(NamedTuple):
    storage: P
    kernel: P


LAYOUTS = AdapterLayouts(storage=P(("adapter", "tp"), None),
                         kernel=P(None, None, reduced={"tp"}))


def load_adapter(rank=8, hidden=16):
    w = jnp.ones((hidden, rank), jnp.float32)
    return jax.device_put(w, NamedSharding(MESH, LAYOUTS.storage))


def inputs():
    return (load_adapter(),)


def main(w):
    with jax.set_mesh(MESH):
        return top_level_all_gather(w, LAYOUTS.kernel)

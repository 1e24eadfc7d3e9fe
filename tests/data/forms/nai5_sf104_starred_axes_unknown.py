from typing import NamedTuple

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Axes(NamedTuple):
    batch: str
    hidden: str


def run(mesh, x, dims=("i", None)):
    axes = Axes("j", "i")
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P(*axes)))
        b = jax.device_put(x, NamedSharding(mesh, P(*dims)))
        ga = top_level_all_gather(a, P(None, "i", reduced={"j"}))  # none
        gb = top_level_all_gather(b, P(None, None, reduced={"i"}))  # none
    return ga, gb

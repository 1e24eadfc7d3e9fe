import jax
from dataclasses import dataclass
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Axes:
    DATA = "i"
    MODEL = "j"


def main(mesh, x, swap):
    if swap:
        Axes.DATA, Axes.MODEL = "j", "i"
    x = jax.device_put(x, NamedSharding(mesh, P(Axes.DATA, Axes.MODEL)))
    return top_level_all_gather(x, NamedSharding(mesh, P(None, Axes.MODEL, reduced={"i"})))  # none

import jax
from dataclasses import dataclass
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Trainer:
    DATA = "i"
    MODEL = "j"

    def gather(self, mesh, x):
        x = jax.device_put(x, NamedSharding(mesh, P(self.DATA, self.MODEL)))
        return top_level_all_gather(x, NamedSharding(mesh, P(None, self.MODEL, reduced={"i"})))  # none


class Swapped(Trainer):
    DATA = "j"
    MODEL = "i"

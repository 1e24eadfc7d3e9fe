import jax
from dataclasses import dataclass
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclass
class Gatherer:
    data: str = "i"
    model: str = "j"

    def gather(self, mesh, x):
        x = jax.device_put(x, NamedSharding(mesh, P(self.data, self.model)))
        return top_level_all_gather(x, NamedSharding(mesh, P(None, self.model, reduced={"j"})))  # none


def main(mesh, x):
    return Gatherer(data="j", model="i").gather(mesh, x)

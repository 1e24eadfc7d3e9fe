import jax
from dataclasses import dataclass
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


@dataclass
class Config:
    data: str = "i"
    model: str = "j"


def main(mesh, x, axes):
    cfg = Config("j", "i")
    given = Config(**axes)
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P(cfg.data, cfg.model)))
        b = top_level_all_gather(a, NamedSharding(mesh, P(None, cfg.model, reduced={"j"})))  # none
        c = jax.device_put(x, NamedSharding(mesh, P(given.data, given.model)))
        d = top_level_all_gather(c, NamedSharding(mesh, P(None, given.model, reduced={"i"})))  # none
    return b, d

import jax
from dataclasses import dataclass
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class Axes:
    DATA = "i"
    MODEL = "j"
    BOTH = ("i", "j")


@dataclass
class Config:
    data: str = "i"
    model: str = "j"


class Trainer:
    DATA = "i"
    MODEL = "j"

    def __init__(self, mesh):
        self.mesh = mesh

    def gather(self, x):
        x = jax.device_put(x, NamedSharding(self.mesh, P(self.DATA, self.MODEL)))
        return top_level_all_gather(x, NamedSharding(self.mesh, P(None, self.MODEL)))  # SF104


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    cfg = Config()
    other = Config(data="j", model="i")
    with jax.set_mesh(mesh):
        a = jax.device_put(x, NamedSharding(mesh, P(Axes.DATA, Axes.MODEL)))
        b = top_level_all_gather(a, NamedSharding(mesh, P(None, Axes.MODEL)))  # SF104
        c = jax.device_put(x, NamedSharding(mesh, P(cfg.data, cfg.model)))
        d = top_level_all_gather(c, NamedSharding(mesh, P(None, cfg.model)))  # SF104
        e = jax.device_put(x, NamedSharding(mesh, P(Axes.BOTH, None)))
        f = top_level_all_gather(e, NamedSharding(mesh, P(Axes.DATA, None)))  # SF104
        g = jax.device_put(x, NamedSharding(mesh, P(other.data, other.model)))
        h = top_level_all_gather(g, NamedSharding(mesh, P(None, "i")))  # SF104
        k = top_level_all_gather(a, NamedSharding(mesh, P(None, Axes.MODEL, reduced={Axes.DATA})))  # none
        plain = Axes()
        alias = plain
        m = jax.device_put(x, NamedSharding(mesh, P(alias.DATA, Axes.MODEL)))
        n = top_level_all_gather(m, NamedSharding(mesh, P(alias.DATA, None)))  # SF104
    return b, d, f, h, k, n

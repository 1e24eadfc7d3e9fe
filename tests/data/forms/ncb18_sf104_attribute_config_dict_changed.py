"""Near misses of cb18: the config's export item is replaced by an item store before the gather
(valid), and a dict subclass with a `__getattr__` method of its own (what it returns is not read)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather


class ConfigDict(dict):
    __getattr__ = dict.__getitem__


class Lenient(dict):
    def __getattr__(self, name):
        return self.get(name, P("i", None, reduced={"j"}))


CONFIG = ConfigDict(layouts=ConfigDict(target=P("i", "j"), export=P("j", None, reduced={"i"})))
OTHER = Lenient(layouts=Lenient(target=P("i", "j"), export=P("j", None, reduced={"i"})))


def main(mesh, x):
    CONFIG.layouts["export"] = P("i", None, reduced={"j"})
    with jax.set_mesh(mesh):
        new = jax.device_put(np.asarray(x), NamedSharding(mesh, CONFIG.layouts.target))
        other = jax.device_put(np.asarray(x), NamedSharding(mesh, P("i", "j")))
        return top_level_all_gather(new, CONFIG.layouts.export), top_level_all_gather(other, OTHER.layouts.spare)

"""The gather is in `__call__` of an exporter object built with its out spec: `export(w)` runs it
on the array the caller placed."""
import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Exporter:
    def __init__(self, spec):
        self.spec = spec

    def __call__(self, arr):
        return top_level_all_gather(arr, self.spec)  # SF104


def main(mesh, x):
    w = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
    export = Exporter(P("j", None))
    with jax.set_mesh(mesh):
        return export(w)

"""The loop walks "count" only: its class inherits the base's export spec, a valid gather of "i";
the "sum" class, whose spec gathers two dimensions, is filed but never read."""
import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

METRICS = {}


def register(name):
    def wrap(cls):
        METRICS[name] = cls
        return cls
    return wrap


class Metric:
    placed = P("i", "j")
    export = P(None, "j", reduced={"i"})


@register("sum")
class SumMetric(Metric):
    export = P(None, None, reduced={"i", "j"})


@register("count")
class CountMetric(Metric):
    pass


def main(mesh, x):
    results = {}
    with jax.set_mesh(mesh):
        for name in ("count",):
            metric = METRICS[name]
            stats = jax.device_put(x, NamedSharding(mesh, metric.placed))
            results[name] = top_level_all_gather(stats, metric.export)
    return results

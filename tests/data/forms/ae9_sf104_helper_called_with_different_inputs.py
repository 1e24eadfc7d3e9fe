import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def collect(values, spec=P(None, None, reduced={"i"})):
    return top_level_all_gather(values, spec)  # SF104


class Exporter:
    def __init__(self, mesh):
        self.mesh = mesh

    def _gather(self, array, out):
        return top_level_all_gather(array, out)  # SF104

    def export(self, x):
        rows = jax.device_put(x, NamedSharding(self.mesh, P(("i", "j"), None)))
        cols = jax.device_put(x, NamedSharding(self.mesh, P(None, "j")))
        return self._gather(cols, P(None, None, reduced={"j"})), self._gather(rows, P("i", None, reduced={"j"})), \
            self._gather(rows, P("j", None))


def log_metrics(metrics, layout):
    return {name: top_level_all_gather(value, layout) for name, value in metrics.items()}


def run(mesh, x):
    with jax.set_mesh(mesh):
        preds = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        labels = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
        p = collect(preds)
        q = collect(labels)
        e = Exporter(mesh).export(x)
        m = log_metrics({"loss": preds}, P(None, None, reduced={"i"}))
    return p, q, e, m

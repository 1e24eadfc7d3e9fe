import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def collect(values, spec):
    return top_level_all_gather(values, spec)  # none


def gather_rows(values):
    return top_level_all_gather(values, P(None, None, reduced={"i"}))  # none


def run(mesh, x):
    with jax.set_mesh(mesh):
        preds = jax.device_put(x, NamedSharding(mesh, P("i", None)))
        labels = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
        a = collect(preds, P(None, None, reduced={"i"}))
        b = collect(labels, P(None, None, reduced={"i", "j"}))
        c = gather_rows(preds)
        d = jax.tree.map(gather_rows, {"p": preds})
    return a, b, c, d

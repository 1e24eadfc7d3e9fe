import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

CANDIDATES = (
    P("i", None, reduced={"j"}),
    P(None, None, reduced={"i", "j"}),
    P("j", None, reduced={"i"}),
)


def try_layouts(mesh, x):
    x = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
    results = []
    with jax.set_mesh(mesh):
        for spec in CANDIDATES:
            results.append(top_level_all_gather(x, spec))  # SF104
    return results


def export_views(mesh, x):
    cols = jax.device_put(x, NamedSharding(mesh, P(None, "j")))
    views = [P(None, None, reduced={"j"}), P(None, None)]
    with jax.set_mesh(mesh):
        return [top_level_all_gather(cols, view) for view in views]  # SF104


def run(mesh, x):
    return try_layouts(mesh, x), export_views(mesh, x)

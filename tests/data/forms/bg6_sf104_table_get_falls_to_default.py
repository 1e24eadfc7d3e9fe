import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

EXPORT_LAYOUTS = {"full": P(None, None, reduced={"i", "j"})}
EXPORT_KIND = "rows"


def main(mesh, w):
    w = jax.device_put(w, NamedSharding(mesh, P(("i", "j"), None)))
    with jax.set_mesh(mesh):
        return top_level_all_gather(w, EXPORT_LAYOUTS.get(EXPORT_KIND, P("i", None)))  # SF104

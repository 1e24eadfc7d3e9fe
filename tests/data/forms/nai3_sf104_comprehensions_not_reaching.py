import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P(("i", "j"), None), "b": P("j", None)}
EXPORT = {"w": P("i", None, reduced={"j"}), "b": P(None, None, reduced={"j"})}


def run(mesh, x, keys=("b",)):
    placed = {k: jax.device_put(x, NamedSharding(mesh, s)) for k, s in SPECS.items()}
    with jax.set_mesh(mesh):
        lazy = (top_level_all_gather(placed[k], EXPORT[k]) for k in ("b", "w"))  # none
        kept = {k: top_level_all_gather(placed[k], EXPORT[k]) for k in SPECS if k != "w"}  # none
        asked = [top_level_all_gather(placed[k], EXPORT[k]) for k in keys]  # none
    return lazy, kept, asked

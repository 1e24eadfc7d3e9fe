import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

TRAIN_LAYOUT = {"embed": P(("i", "j"), None), "dense": P(("i", "j"), None)}
SERVE_LAYOUT = {"embed": P("i", None, reduced={"j"}), "dense": P("j", None, reduced={"i"})}


def place(params, mesh):
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), params, TRAIN_LAYOUT)


def export_for_serving(placed):
    return {name: top_level_all_gather(placed[name], SERVE_LAYOUT[name]) for name in ("embed", "dense")}  # SF104


def main(mesh, w):
    placed = place({"embed": w, "dense": w * 2}, mesh)
    with jax.set_mesh(mesh):
        return export_for_serving(placed)

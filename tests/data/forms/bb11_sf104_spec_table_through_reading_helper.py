import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P("i", "j"), "b": P("j")}
EXPORT = {"w": P(None, "j"), "b": P("j")}


def place(mesh, tree, specs):
    return {k: jax.device_put(tree[k], NamedSharding(mesh, specs[k])) for k in specs}


def main(mesh, w):
    placed = place(mesh, {"w": w, "b": w[0]}, SPECS)
    with jax.set_mesh(mesh):
        return top_level_all_gather(placed["w"], EXPORT["w"])  # SF104

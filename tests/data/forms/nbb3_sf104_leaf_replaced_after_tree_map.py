import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P("i", "j"), "b": P("j")}


def main(mesh, w):
    placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), {"w": w, "b": w[0]}, SPECS)
    placed["w"] = jax.device_put(placed["w"], NamedSharding(mesh, P(None, "j")))
    with jax.set_mesh(mesh):
        return top_level_all_gather(placed["w"], P(None, "j"))

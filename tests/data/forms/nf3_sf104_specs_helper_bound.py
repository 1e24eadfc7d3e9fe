import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def shardings(mesh, rows):
    return {"w1": NamedSharding(mesh, P(rows, "j")), "w2": NamedSharding(mesh, P(("i", "j")))}


def run(mesh, x):
    tree = {"w1": x, "w2": x}
    with jax.set_mesh(mesh):
        placed = jax.device_put(tree, shardings(mesh, None))  # rows bound to None: nothing gathered on 0
        return top_level_all_gather(placed["w1"], P(None, "j"))

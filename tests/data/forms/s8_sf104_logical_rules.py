import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

RULES = {"vocab": "j", "embed": "i", "replicated": None}
PAIR = ("vocab", "embed")


def logical_to_mesh(*names):
    return P(*(RULES[n] for n in names))


def logical_list(names):
    return P(*[RULES[n] for n in names])


def main(mesh, x):
    with jax.set_mesh(mesh):
        placed = jax.device_put(x, NamedSharding(mesh, logical_to_mesh("vocab", "embed")))
        a = top_level_all_gather(placed, logical_to_mesh("replicated", "embed"))  # SF104
        b = top_level_all_gather(placed, P(None, "i", reduced={"j"}))  # none
        rows = jax.device_put(x, NamedSharding(mesh, logical_list(PAIR)))
        c = top_level_all_gather(rows, logical_list(("replicated", "embed")))  # SF104
        d = top_level_all_gather(rows, logical_to_mesh("vocab", "embed"))  # none
    return a, b, c, d


def two_dims(mesh, x):
    with jax.set_mesh(mesh):
        placed = jax.device_put(x, NamedSharding(mesh, logical_to_mesh("vocab", "embed")))
        return top_level_all_gather(placed, logical_to_mesh("embed", "replicated"))  # SF104

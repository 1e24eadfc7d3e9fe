import jax
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

RULES = {"vocab": "j", "embed": "i", "replicated": None}
CHANGED = {"vocab": "j", "embed": "i", "replicated": None}
NAMES = ("vocab", "embed")


def logical_to_mesh(*names):
    return P(*(RULES[n] for n in names))


def filtered(*names):
    return P(*(RULES[n] for n in names if n != "replicated"))


def changed(*names):
    return P(*(CHANGED[n] for n in names))


def main(mesh, x):
    CHANGED["replicated"] = "j"
    with jax.set_mesh(mesh):
        placed = jax.device_put(x, NamedSharding(mesh, logical_to_mesh(*NAMES)))
        a = top_level_all_gather(placed, P(None, "i", reduced={"j"}))
        b = top_level_all_gather(placed, filtered("vocab", "embed", "replicated"))
        c = top_level_all_gather(placed, changed("vocab", "embed"))
        rows = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
    return a, b, c, rows


def later_dimension(mesh, x):
    with jax.set_mesh(mesh):
        placed = jax.device_put(x, NamedSharding(mesh, logical_to_mesh("vocab", "embed")))
        return top_level_all_gather(placed, logical_to_mesh("replicated", "vocab"))  # SF104

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

PLACE = {"w": P("i", "j"), "v": P(("i", "j"), None)}
DUMP = {"w": P("i", None, reduced={"j"}), "v": P("i", None)}


def setup(mesh, x):
    return mesh, {"w": x, "v": x * 2}, "w"


def dump(mesh, arrays, which="v"):
    placed = {k: jax.device_put(a, NamedSharding(mesh, PLACE[k])) for k, a in arrays.items()}
    with jax.set_mesh(mesh):
        # setup() passes "w": the default "v" (which fails) is never used.
        return top_level_all_gather(placed[which], DUMP[which])


def run(mesh, x):
    return dump(*setup(mesh, x))

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {
    "simulate": P(("i", "j"), None),
    "notebook": P("j", None),
}


def dump(state, layouts=LAYOUTS):
    return top_level_all_gather(state, layouts["notebook"])  # SF104


def main(mesh, x):
    state = jax.device_put(x, NamedSharding(mesh, LAYOUTS["simulate"]))
    with jax.set_mesh(mesh):
        return dump(state)

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUTS = {
    "simulate": P(("i", "j"), None),
    "notebook": P("j", None),
}
FIXED = {"notebook": P(None, None, reduced={"i", "j"})}


def dump(state, layouts=LAYOUTS):
    layouts["notebook"] = P(None, None, reduced={"i", "j"})  # the shared default is changed
    return top_level_all_gather(state, layouts["notebook"])  # none


def dump_given(state, layouts=LAYOUTS):
    return top_level_all_gather(state, layouts["notebook"])  # none


def main(mesh, x):
    state = jax.device_put(x, NamedSharding(mesh, P(("i", "j"), None)))
    with jax.set_mesh(mesh):
        return dump(state), dump_given(state, FIXED)

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec

SPECS = {"w": PartitionSpec(("i", "j"), None), "b": PartitionSpec("j")}
SHARDINGS_OF = {"w": PartitionSpec("i", "j"), "b": PartitionSpec(None)}


def is_spec(node):
    return isinstance(node, PartitionSpec)


def run(mesh, x):
    params = {"w": x, "b": x[0]}
    placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), params, SPECS,
                          is_leaf=lambda n: isinstance(n, PartitionSpec))
    shardings = jax.tree_util.tree_map(lambda s: NamedSharding(mesh, s), SHARDINGS_OF, is_leaf=is_spec)
    moved = jax.device_put(params, shardings)
    zeros = jax.tree.map(jnp.zeros_like, placed, is_leaf=lambda v: isinstance(v, (PartitionSpec, NamedSharding)))
    with jax.set_mesh(mesh):
        a = top_level_all_gather(placed["w"], PartitionSpec("i", None, reduced={"j"}))
        b = top_level_all_gather(moved["w"], PartitionSpec("j", None, reduced={"i"}))  # SF104
        c = top_level_all_gather(zeros["b"], PartitionSpec(None))  # SF104
        d = top_level_all_gather(zeros["w"], PartitionSpec("j", None, reduced={"i"}))  # SF104
        return a, b, c, d

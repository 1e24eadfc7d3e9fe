import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P(("i", "j"), None), "b": P(("i", "j"), None)}


def main(mesh, x):
    params = {"w": x, "b": x + 1}
    placed = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), params, SPECS)
    with jax.set_mesh(mesh):
        return jax.tree.map(lambda leaf: top_level_all_gather(leaf, P("j", None, reduced={"i"})), placed)  # SF104

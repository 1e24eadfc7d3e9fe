import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"enc": P("i"), "dec": P(None)}


def main(mesh, w):
    params = {"enc": {"w": w, "b": w[0]}, "dec": {"w": w}}
    # the spec tree is the first tree: each spec places a whole subtree of params
    placed = jax.tree.map(lambda s, p: jax.device_put(p, NamedSharding(mesh, s)), SPECS, params,
                          is_leaf=lambda s: isinstance(s, P))
    with jax.set_mesh(mesh):
        return top_level_all_gather(placed["enc"]["w"], P(None, reduced={"i"}))

import jax
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"enc": {"kernel": P(("i", "j"), None)}, "dec": {"kernel": P(None, "j")}}


def main(mesh, w):
    with jax.set_mesh(mesh):
        params = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)),
                              {"enc": {"kernel": w}, "dec": {"kernel": w}}, SPECS)
        grads = jax.tree.map(lambda p: p * 0.5, params)
        new = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
        return top_level_all_gather(new["enc"]["kernel"], P("j", None))  # SF104

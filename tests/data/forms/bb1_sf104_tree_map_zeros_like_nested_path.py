import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"enc": {"w": P("i", "j"), "b": P("j")}, "head": {"w": P(None, "j")}}


def place(mesh, tree, specs):
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), tree, specs,
                        is_leaf=lambda s: isinstance(s, P))


def adam_init(params):
    return {"mu": jax.tree.map(jnp.zeros_like, params), "nu": jax.tree.map(jnp.zeros_like, params)}


def main(mesh, w):
    params = place(mesh, {"enc": {"w": w, "b": w[0]}, "head": {"w": w}}, SPECS)
    opt = adam_init(params)
    with jax.set_mesh(mesh):
        return top_level_all_gather(opt["mu"]["enc"]["w"], P(None, "j"))  # SF104

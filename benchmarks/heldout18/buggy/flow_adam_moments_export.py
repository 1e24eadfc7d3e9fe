"""Training state of a normalising flow: params placed from a spec tree, Adam moments, an export."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

mesh = jax.make_mesh((2, 4), ("data", "model"))
SPECS = {"coupling": {"w": P("data", "model"), "b": P("model")}, "prior": {"loc": P()}}
EXPORT = {"w": P(None, "model"), "b": P("model")}


def init_params():
    return {"coupling": {"w": jnp.ones((8, 8)), "b": jnp.zeros(8)}, "prior": {"loc": jnp.zeros(8)}}


def place(tree, specs):
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), tree, specs,
                        is_leaf=lambda s: isinstance(s, P))


def adam_init(params):
    return {"mu": jax.tree.map(jnp.zeros_like, params), "nu": jax.tree.map(jnp.zeros_like, params)}


def inputs():
    return (init_params(),)


def main(raw):
    params = place(raw, SPECS)
    opt = adam_init(params)
    with jax.set_mesh(mesh):
        mu_w = top_level_all_gather(opt["mu"]["coupling"]["w"], EXPORT["w"])
    return mu_w

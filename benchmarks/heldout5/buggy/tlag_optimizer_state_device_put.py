"""Optimizer state (Adam moments) placed like the params, one moment gathered for a norm check."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def param_specs():
    return {"w1": P("data", "model"), "w2": P("model", None)}


def init_adam(params):
    zeros = jax.tree.map(jnp.zeros_like, params)
    return {"mu": zeros, "nu": jax.tree.map(jnp.zeros_like, params), "count": jnp.zeros(())}


def inputs():
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    params = {"w1": jnp.ones((8, 16)), "w2": jnp.ones((16, 4))}
    return mesh, params


def main(mesh, params):
    specs = param_specs()
    with jax.set_mesh(mesh):
        params = jax.tree.map(lambda p, s: jax.device_put(p, s), params, specs)
        opt = init_adam(params)
        mu_w1 = top_level_all_gather(opt["mu"]["w1"], P(None, "model"))
    return mu_w1

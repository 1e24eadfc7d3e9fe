import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"trunk": P("i", "j"), "head": P("j", "i")}


def init(params):
    return {"mu": jax.tree.map(jnp.zeros_like, params), "count": 0}


def update(params, grads, state, rate=0.01, beta=0.9):
    mu = jax.tree.map(lambda m, g: beta * m + g, state["mu"], grads)
    params = jax.tree.map(lambda p, m: p - rate * m, params, mu)
    return params, {"mu": mu, "count": state["count"] + 1}


def run(mesh, x):
    params = {k: jax.device_put(x, NamedSharding(mesh, s)) for k, s in SPECS.items()}
    state = init(params)
    with jax.set_mesh(mesh):
        grads = jax.tree.map(lambda p: p * 0.1, params)
        params, state = update(params, grads, state)
        params, state = update(params, grads, state)
        return top_level_all_gather(state["mu"]["head"], P("i", None))  # SF104

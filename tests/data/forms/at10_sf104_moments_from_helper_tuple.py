import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = {"enc": P("j", "i"), "dec": P("i", "j")}


def init_state(params):
    return {"m": jax.tree.map(jnp.zeros_like, params), "v": jax.tree.map(jnp.zeros_like, params)}


def step(params, grads, state, beta=0.9, eps=1e-6):
    m = jax.tree.map(lambda a, g: beta * a + (1 - beta) * g, state["m"], grads)
    scaled = jax.tree.map(lambda a, b: a / (jnp.abs(b) + eps), grads, m)
    return scaled, {"m": m, "v": state["v"]}


def run(mesh, x):
    params = {name: jax.device_put(x, NamedSharding(mesh, spec)) for name, spec in LAYOUT.items()}
    with jax.set_mesh(mesh):
        state = init_state(params)
        grads = jax.tree.map(lambda p: 0.5 * p, params)
        direction, new_state = step(params, grads, state)
        return top_level_all_gather(new_state["m"]["enc"], P("j", None))  # SF104

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P(("i", "j"), None)}


def replicate_all(tree):
    for k in tree:
        tree[k] = jax.reshard(tree[k], P())


def run(mesh, x):
    with jax.set_mesh(mesh):
        params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), {"w": x}, SPECS)
        replicate_all(params)
        w = top_level_all_gather(params["w"], P(None, None))  # none
        state = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), {"w": x}, SPECS)
        state.update(w=jax.reshard(state["w"], P()))
        s = top_level_all_gather(state["w"], P(None, None))  # none
        held = [jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), {"w": x}, SPECS)]
        held[0]["w"] = jax.reshard(held[0]["w"], P())
        h = top_level_all_gather(held[0]["w"], P(None, None))  # none
    return w, s, h


def moments(mesh, x):
    with jax.set_mesh(mesh):
        params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), {"w": x}, SPECS)
        replicate_all(params)
        mu = jax.tree.map(jnp.zeros_like, params)
        return top_level_all_gather(mu["w"], P(None, None))  # none


def init_moments(params):
    return {"mu": jax.tree.map(jnp.zeros_like, params)}


def moments_of_changed(mesh, x):
    with jax.set_mesh(mesh):
        params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), {"w": x}, SPECS)
        replicate_all(params)
        opt = init_moments(params)
        return top_level_all_gather(opt["mu"]["w"], P(None, None))  # none

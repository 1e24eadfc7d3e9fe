import functools

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"w": P(("i", "j"), None), "b": P()}


def init(params, mesh):
    placed = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, SPECS)
    mu = jax.tree.map(jnp.zeros_like, placed)
    nu = jax.tree.map(lambda p: jnp.full_like(p, 1e-8), placed)
    return placed, {"mu": mu, "nu": nu}


def adam_state(params):
    return {"mu": jax.tree.map(jnp.zeros_like, params), "count": jnp.zeros(())}


def run(mesh, x):
    with jax.set_mesh(mesh):
        params, opt = init({"w": x, "b": x[0]}, mesh)
        nu = top_level_all_gather(opt["nu"]["w"], P("j", None, reduced={"i"}))  # SF104
        mu = top_level_all_gather(opt["mu"]["w"], P(None, None))  # SF104
        state = adam_state(params)
        low = top_level_all_gather(state["mu"]["w"].astype(jnp.bfloat16), P("i", None))  # SF104
        fresh = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), {"w": x, "b": x[0]}, SPECS)
        ones = jax.tree.map(lambda p: jnp.ones_like(p) * 2.0, fresh)
        scaled = top_level_all_gather(-ones["w"], P(None, None, reduced={"j"}))  # SF104
        fine = top_level_all_gather(state["mu"]["b"], P())  # none
    return nu, mu, low, scaled, fine


def init_moments(params):
    return {"mu": jax.tree.map(jnp.zeros_like, params)}


def moments(mesh, x):
    with jax.set_mesh(mesh):
        params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), {"w": x, "b": x[0]}, SPECS)
        opt = init_moments(params)
        return top_level_all_gather(opt["mu"]["w"], P(None, None))  # SF104

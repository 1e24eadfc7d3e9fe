"""Learned optimiser: its state is built with jax.tree.map over the placed params, then inspected."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("pod", "data", "model")
SPECS = {"w": P(AXES, None), "b": P(None)}


def init_state(params):
    return {
        "mu": jax.tree.map(jnp.zeros_like, params),
        "nu": jax.tree.map(lambda p: jnp.full_like(p, 1e-8), params),
        "count": jnp.zeros((), jnp.int32),
    }


def inputs():
    rng = np.random.default_rng(23)
    return ({"w": rng.normal(size=(16, 4)).astype(np.float32), "b": np.zeros(4, np.float32)},)


def main(params):
    mesh = jax.make_mesh((2, 2, 2), AXES)
    with jax.set_mesh(mesh):
        params = jax.tree.map(lambda p, s: jax.device_put(p, NamedSharding(mesh, s)), params, SPECS)
        state = init_state(params)
        mu_w = top_level_all_gather(state["mu"]["w"], P(AXES[0], None, reduced=set(AXES[1:])))
    return mu_w

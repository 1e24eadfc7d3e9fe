"""Training an early-exit model: Adam moments are made with jax.tree.map over params placed
from a spec table; the second moment of an exit head is exported for inspection."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"trunk": P("data", "model"), "exit_0": P("model", "data"), "exit_1": P("model", "data")}
INSPECT = P("data", None, reduced={"model"})


def init_opt(params):
    return {"mu": jax.tree.map(jnp.zeros_like, params),
            "nu": jax.tree.map(lambda p: jnp.full_like(p, 1e-8), params),
            "count": jnp.zeros((), jnp.int32)}


def adam_update(params, grads, opt, lr=1e-3, b1=0.9, b2=0.999):
    mu = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, opt["mu"], grads)
    nu = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, opt["nu"], grads)
    new = jax.tree.map(lambda p, m, v: p - lr * m / (jnp.sqrt(v) + 1e-8), params, mu, nu)
    return new, {"mu": mu, "nu": nu, "count": opt["count"] + 1}


def main(mesh):
    shapes = {"trunk": (8, 8), "exit_0": (8, 4), "exit_1": (8, 4)}
    params = {k: jax.device_put(jnp.ones(s), NamedSharding(mesh, SPECS[k]))
              for k, s in shapes.items()}
    with jax.set_mesh(mesh):
        opt = init_opt(params)
        grads = jax.tree.map(lambda p: 0.1 * p, params)
        params, opt = adam_update(params, grads, opt)
        nu_exit = top_level_all_gather(opt["nu"]["exit_0"], INSPECT)
    return nu_exit


def inputs():
    return (jax.make_mesh((2, 4), ("data", "model")),)

"""Kalman smoother: the covariance comes out of a jitted step with out_shardings from a table."""
import functools

import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

LAYOUT = {"cov": P(("x", "y"), None), "state": P(("x", "y"))}


def make_step(mesh):
    shard = {k: NamedSharding(mesh, v) for k, v in LAYOUT.items()}

    @functools.partial(jax.jit, out_shardings=(shard["state"], shard["cov"]))
    def predict(state, cov, q):
        return state * 0.99, cov + q * jnp.eye(cov.shape[0])

    return predict


def main(mesh, state, cov):
    predict = make_step(mesh)
    with jax.set_mesh(mesh):
        state, cov = predict(state, cov, 0.1)
        rows = top_level_all_gather(cov, P("y", None, reduced={"x"}))
        return jax.reshard(rows, P()).diagonal()


def inputs():
    return jax.make_mesh((2, 4), ("x", "y")), jnp.ones((16,)), jnp.eye(16)

"""Sinkhorn until convergence: the while-loop condition averages the marginal error over the mesh."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("src", "tgt")
mesh = jax.make_mesh((4, 2), AXES)
TOL = 1e-3


def body(k, a, b):
    def marginal_err(u, v):
        row = jax.lax.psum(k @ v, "tgt") * u
        return jnp.abs(row - a).sum()

    def cond(state):
        u, v, i = state
        err = jax.lax.pmean(marginal_err(u, v), AXES)
        return jnp.logical_and(err > TOL, i < 20)

    def step(state):
        u, v, i = state
        u = a / jax.lax.psum(k @ v, "tgt")
        v = b / jax.lax.psum(k.T @ u, "src")
        return u, v, i + 1

    u, v, _ = jax.lax.while_loop(cond, step, (jnp.ones_like(a), jnp.ones_like(b), 0))
    return u


def inputs():
    k = jnp.exp(-jax.random.uniform(jax.random.key(54), (32, 16)) / 0.5)
    return (jax.device_put(k, NamedSharding(mesh, P(*AXES))),
            jax.device_put(jnp.full((32,), 1 / 32), NamedSharding(mesh, P("src"))),
            jax.device_put(jnp.full((16,), 1 / 16), NamedSharding(mesh, P("tgt"))))


def main(k, a, b):
    return jax.shard_map(body, mesh=mesh, in_specs=(P(*AXES), P("src"), P("tgt")), out_specs=P("src"))(k, a, b)

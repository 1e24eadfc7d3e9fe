"""Bootstrap particle filter: the log-normaliser of each step, shared with every particle shard."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("pf", "dim"))


class PFState(NamedTuple):
    particles: jax.Array
    logw: jax.Array


def log_likelihood(particles, obs):
    return jax.lax.psum(-0.5 * jnp.sum((particles - obs) ** 2, axis=-1), "dim")


def body(state, obs):
    ll = state.logw + log_likelihood(state.particles, obs)
    m = jax.lax.pmax(jnp.max(ll), "pf")
    log_z = m + jnp.log(jax.lax.psum(jnp.sum(jnp.exp(ll - m)), "pf"))
    history = jax.lax.all_gather(log_z, "pf", to="reduced")
    return history


def inputs():
    s = NamedSharding(mesh, P("pf", "dim"))
    particles = jax.device_put(jax.random.normal(jax.random.key(40), (32, 4)), s)
    logw = jax.device_put(jnp.zeros((32,)), NamedSharding(mesh, P("pf")))
    obs = jax.device_put(jnp.ones((4,)), NamedSharding(mesh, P("dim")))
    return PFState(particles, logw), obs


def main(state, obs):
    return jax.shard_map(body, mesh=mesh, in_specs=(PFState(P("pf", "dim"), P("pf")), P("dim")),
                         out_specs=P(None, reduced={"pf"}))(state, obs)

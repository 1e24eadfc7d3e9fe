"""IMPALA learner: per-step advantages gathered over the unroll and averaged over actors."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

GAMMA = 0.99


def vtrace_advantages(rewards, values):
    next_values = jnp.concatenate([values[:, 1:], values[:, -1:]], axis=1)
    return rewards + GAMMA * next_values - values


def step_advantage(rewards, values):
    adv = vtrace_advantages(rewards, values)
    return jnp.mean(jax.lax.all_gather(adv, "time", axis=1, tiled=True, to="reduced"), axis=0)


def inputs():
    mesh = jax.make_mesh((2, 4), ("actors", "time"))
    rewards = jnp.ones((4, 8), jnp.float32)
    values = jnp.linspace(0.0, 1.0, 32).reshape(4, 8)
    return mesh, rewards, values


def main(mesh, rewards, values):
    spec = P("actors", "time")
    rewards, values = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (rewards, values))
    f = jax.shard_map(step_advantage, mesh=mesh, in_specs=(spec, spec),
                      out_specs=P("actors", reduced={"time"}))
    return f(rewards, values)

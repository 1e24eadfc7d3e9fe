"""Distributional-free DQN with an action-sharded Q head: the next-state Q-values of all
actions are gathered and discounted into per-action TD targets."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def td_target(q_next, reward, gamma=0.99):
    return reward[:, None] + gamma * q_next


def targets(next_obs, w_q, reward):
    q_local = next_obs @ w_q
    q_next = jax.lax.all_gather(q_local, "model", axis=1, tiled=True, to="reduced")
    return td_target(q_next, reward)


def main(next_obs, w_q, reward):
    mesh = jax.make_mesh((4, 2), ("env", "model"))
    f = jax.shard_map(targets, mesh=mesh, in_specs=(P("env", None), P(None, "model"), P("env")),
                      out_specs=P("env", None))
    return f(jax.device_put(next_obs, NamedSharding(mesh, P("env", None))),
             jax.device_put(w_q, NamedSharding(mesh, P(None, "model"))),
             jax.device_put(reward, NamedSharding(mesh, P("env"))))


def inputs():
    k1, k2, k3 = jax.random.split(jax.random.key(56), 3)
    return jax.random.normal(k1, (16, 4)), jax.random.normal(k2, (4, 6)), jax.random.normal(k3, (16,))

"""DQN with an action-sharded Q head: the gathered next-state Q-values are reduced with jnp.max
(which drops the reduced state) before the discount."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def td_target(q_next, reward, gamma=0.99):
    return reward + gamma * jnp.max(q_next, axis=-1)


def targets(next_obs, w_q, reward):
    q_next = jax.lax.all_gather(next_obs @ w_q, "model", axis=1, tiled=True, to="reduced")
    return td_target(q_next, reward)


def main(next_obs, w_q, reward):
    mesh = jax.make_mesh((4, 2), ("env", "model"))
    f = jax.shard_map(targets, mesh=mesh, in_specs=(P("env", None), P(None, "model"), P("env")),
                      out_specs=P("env"))
    return f(jax.device_put(next_obs, NamedSharding(mesh, P("env", None))),
             jax.device_put(w_q, NamedSharding(mesh, P(None, "model"))),
             jax.device_put(reward, NamedSharding(mesh, P("env"))))


def inputs():
    k1, k2, k3 = jax.random.split(jax.random.key(115), 3)
    return jax.random.normal(k1, (16, 4)), jax.random.normal(k2, (4, 6)), jax.random.normal(k3, (16,))

"""DQN learner script: the TD loss (Huber) is averaged over the axes given on the command
line; the Q-network is replicated and transitions are sharded over environments."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def get_args(argv=()):
    p = argparse.ArgumentParser(description="DQN learner")
    p.add_argument("--axes", default="env,model")
    p.add_argument("--gamma", type=float, default=0.99)
    return p.parse_args(list(argv))


ARGS = get_args()
AXES = tuple(ARGS.axes.split(","))


def huber(x, delta=1.0):
    a = jnp.abs(x)
    return jnp.where(a < delta, 0.5 * x * x, delta * (a - 0.5 * delta))


def td_loss(q_w, obs, action, reward, next_obs):
    q = obs @ q_w
    q_next = jnp.max(next_obs @ q_w, axis=-1)
    target = reward + ARGS.gamma * jax.lax.stop_gradient(q_next)
    chosen = jnp.take_along_axis(q, action[:, None], axis=-1)[:, 0]
    return jax.lax.pmean(jnp.mean(huber(chosen - target)), axis_name=AXES)


def main(q_w, obs, action, reward, next_obs):
    mesh = jax.make_mesh((4, 2), AXES)
    env = P(AXES[0])
    f = jax.shard_map(jax.value_and_grad(td_loss), mesh=mesh,
                      in_specs=(P(), P(AXES[0], None), env, env, P(AXES[0], None)),
                      out_specs=(P(), P()))
    put = lambda a, s: jax.device_put(a, NamedSharding(mesh, s))
    return f(put(q_w, P()), put(obs, P(AXES[0], None)), put(action, env), put(reward, env),
             put(next_obs, P(AXES[0], None)))


def inputs():
    ks = jax.random.split(jax.random.key(55), 5)
    return (jax.random.normal(ks[0], (4, 3)), jax.random.normal(ks[1], (16, 4)),
            jax.random.randint(ks[2], (16,), 0, 3), jax.random.normal(ks[3], (16,)),
            jax.random.normal(ks[4], (16, 4)))

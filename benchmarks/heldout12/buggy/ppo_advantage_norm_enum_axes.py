"""PPO advantage normalisation; rollouts over `env`, the policy's vocab over `tp`."""
import enum

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class MeshAxis(str, enum.Enum):
    ENV = "env"
    TP = "tp"

    @classmethod
    def all(cls):
        return tuple(a.value for a in cls)


def gae(rewards, values, gamma=0.99, lam=0.95):
    def back(carry, xs):
        r, v, v_next = xs
        delta = r + gamma * v_next - v
        carry = delta + gamma * lam * carry
        return carry, carry

    v_next = jnp.concatenate([values[1:], values[-1:]])
    _, adv = jax.lax.scan(back, jnp.zeros_like(rewards[0]), (rewards, values, v_next), reverse=True)
    return adv


def main(mesh, rewards, values_part):
    def body(rewards, values_part):
        values = jax.lax.psum(values_part, MeshAxis.TP.value)
        adv = gae(rewards, values)
        mean = jax.lax.pmean(adv.mean(), MeshAxis.all())
        return adv - mean

    f = jax.shard_map(body, mesh=mesh, in_specs=(P(None, MeshAxis.ENV.value),
                                                  P(None, MeshAxis.ENV.value)),
                      out_specs=P(None, MeshAxis.ENV.value))
    return f(rewards, values_part)


def inputs():
    mesh = jax.make_mesh((4, 2), MeshAxis.all())
    rewards = jax.random.normal(jax.random.key(27), (6, 8))
    values = jax.random.normal(jax.random.key(28), (6, 8))
    s = NamedSharding(mesh, P(None, "env"))
    return mesh, jax.device_put(rewards, s), jax.device_put(values, s)

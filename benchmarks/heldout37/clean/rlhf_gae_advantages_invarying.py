"""PPO for RLHF: GAE over response tokens, advantages whitened with global statistics."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("rollout", "seq"))


@dataclass(frozen=True)
class PPOConfig:
    gamma: float = 1.0
    lam: float = 0.95
    rollout_axis: str = "rollout"
    seq_axis: str = "seq"


def gae(rewards, values, cfg):
    def step(carry, xs):
        r, v, v_next = xs
        delta = r + cfg.gamma * v_next - v
        carry = delta + cfg.gamma * cfg.lam * carry
        return carry, carry
    v_next = jnp.concatenate([values[:, 1:], jnp.zeros_like(values[:, :1])], axis=1)
    _, adv = jax.lax.scan(step, jnp.zeros_like(rewards[:, 0]), (rewards.T, values.T, v_next.T), reverse=True)
    return adv.T


def whiten_stats(adv, cfg):
    mean = jax.lax.pmean(adv.mean(axis=0, keepdims=True), cfg.rollout_axis)
    return jax.lax.all_gather(mean, cfg.rollout_axis, to="invarying", tiled=True, axis=0)


def make_body(cfg):
    def body(rewards, values):
        adv = gae(rewards, values, cfg)
        return whiten_stats(adv, cfg)
    return body


def inputs():
    k1, k2 = jax.random.split(jax.random.key(14))
    sh = NamedSharding(MESH, P("rollout", "seq"))
    return (jax.device_put(jax.random.normal(k1, (8, 8)), sh),
            jax.device_put(jax.random.normal(k2, (8, 8)), sh))


def main(rewards, values):
    cfg = PPOConfig()
    return jax.shard_map(make_body(cfg), mesh=MESH, in_specs=(P("rollout", "seq"),) * 2,
                         out_specs=P(None, "seq"))(rewards, values)

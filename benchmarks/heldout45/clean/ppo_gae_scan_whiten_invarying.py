"""PPO advantage estimation: GAE by a reversed scan on each env shard, whitening moments shared."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class PPOConfig:
    gamma: float = 0.99
    gae_lambda: float = 0.95
    env_axis: str = "env"
    model_axis: str = "model"
    num_steps: int = 16
    num_envs: int = 8


def gae_advantages(rewards, values, dones, last_value, gamma, lam):
    def step(carry, xs):
        gae, next_value = carry
        reward, value, done = xs
        delta = reward + gamma * next_value * (1.0 - done) - value
        gae = delta + gamma * lam * (1.0 - done) * gae
        return (gae, value), gae

    init = (jnp.zeros_like(last_value), last_value)
    _, adv = jax.lax.scan(step, init, (rewards, values, dones), reverse=True)
    return adv


class AdvantageEstimator:
    def __init__(self, cfg, mesh):
        self.cfg = cfg
        self.mesh = mesh
        self._estimate = self._build()

    def _build(self):
        cfg = self.cfg
        batch = P(None, cfg.env_axis)

        def body(rewards, values, dones, last_value):
            adv = gae_advantages(rewards, values, dones, last_value, cfg.gamma, cfg.gae_lambda)
            moments = jnp.stack([adv.sum(), jnp.square(adv).sum()])
            moments = jax.lax.psum(moments, cfg.env_axis)
            table = jax.lax.all_gather(moments, cfg.env_axis, to="invarying")
            return adv, table

        mapped = jax.shard_map(body, mesh=self.mesh,
                               in_specs=(batch, batch, batch, P(cfg.env_axis)),
                               out_specs=(batch, P(None, None)))
        return jax.jit(mapped)

    def __call__(self, rollout):
        return self._estimate(*rollout)


def inputs():
    rng = np.random.default_rng(0)
    cfg = PPOConfig()
    shape = (cfg.num_steps, cfg.num_envs)
    rewards = rng.normal(size=shape).astype(np.float32)
    values = rng.normal(size=shape).astype(np.float32)
    dones = (rng.random(shape) < 0.1).astype(np.float32)
    last_value = rng.normal(size=(cfg.num_envs,)).astype(np.float32)
    return rewards, values, dones, last_value


def main(rewards, values, dones, last_value):
    cfg = PPOConfig()
    mesh = jax.make_mesh((4, 2), (cfg.env_axis, cfg.model_axis))
    batch = NamedSharding(mesh, P(None, cfg.env_axis))
    rollout = (
        jax.device_put(rewards, batch),
        jax.device_put(values, batch),
        jax.device_put(dones, batch),
        jax.device_put(last_value, NamedSharding(mesh, P(cfg.env_axis))),
    )
    estimator = AdvantageEstimator(cfg, mesh)
    adv, table = estimator(rollout)
    return adv, table


if __name__ == "__main__":
    main(*inputs())

"""VDN learner: per-agent Q values summed into a team Q, TD loss averaged over the mesh."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class VDNConfig:
    gamma: float = 0.99
    agent_axis: str = "agent"
    env_axis: str = "env"

    @property
    def loss_axes(self):
        return (self.env_axis, self.agent_axis)


class VDNLearner:
    def __init__(self, cfg, mesh):
        self.cfg = cfg
        qspec = P(cfg.env_axis, cfg.agent_axis)
        rspec = P(cfg.env_axis)
        self.td_loss = jax.jit(jax.shard_map(self._td_loss, mesh=mesh,
                                             in_specs=(qspec, qspec, rspec, rspec), out_specs=P()))

    def _team_q(self, agent_qs):
        return jax.lax.psum(agent_qs.sum(axis=-1), self.cfg.agent_axis)

    def _td_loss(self, q_taken, q_next_max, rewards, dones):
        cfg = self.cfg
        q_tot = self._team_q(q_taken)
        target = rewards + cfg.gamma * (1.0 - dones) * self._team_q(q_next_max)
        td = jax.lax.stop_gradient(target) - q_tot
        return jax.lax.pmean(jnp.mean(td ** 2), cfg.env_axis)


def inputs():
    rng = np.random.default_rng(21)
    B, N = 8, 4
    return (rng.normal(size=(B, N)).astype(np.float32), rng.normal(size=(B, N)).astype(np.float32),
            rng.normal(size=(B,)).astype(np.float32), (rng.random(B) < 0.2).astype(np.float32))


def main(q_taken, q_next_max, rewards, dones):
    cfg = VDNConfig()
    mesh = jax.make_mesh((4, 2), (cfg.agent_axis, cfg.env_axis))
    qs = NamedSharding(mesh, P(cfg.env_axis, cfg.agent_axis))
    rs = NamedSharding(mesh, P(cfg.env_axis))
    learner = VDNLearner(cfg, mesh)
    return learner.td_loss(jax.device_put(q_taken, qs), jax.device_put(q_next_max, qs),
                           jax.device_put(rewards, rs), jax.device_put(dones, rs))


if __name__ == "__main__":
    main(*inputs())

"""PPO entropy bonus with an annealed coefficient; logits sharded over actions."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class EntropyConfig(NamedTuple):
    ent_coef: float = 0.01
    anneal_steps: int = 4
    env_axis: str = "env"
    action_axis: str = "model"


class PolicyHead:
    def __init__(self, cfg, mesh):
        self.cfg = cfg
        self.mesh = mesh

    def entropy_bonus(self, logits, coef):
        cfg = self.cfg
        logits_full = jax.lax.all_gather(logits, cfg.action_axis, axis=-1, tiled=True, to="reduced")
        logp = jax.nn.log_softmax(logits_full)
        entropy = -(jnp.exp(logp) * logp).sum(axis=-1)
        return coef * entropy

    def build(self):
        cfg = self.cfg
        mapper = jax.shard_map(self.entropy_bonus, mesh=self.mesh,
                               in_specs=(P(cfg.env_axis, cfg.action_axis), P()),
                               out_specs=P(cfg.env_axis))
        return jax.jit(mapper)


def inputs():
    rng = np.random.default_rng(5)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(logits):
    cfg = EntropyConfig()
    mesh = jax.make_mesh((4, 2), (cfg.env_axis, cfg.action_axis))
    logits = jax.device_put(logits, NamedSharding(mesh, P(cfg.env_axis, cfg.action_axis)))
    bonus_fn = PolicyHead(cfg, mesh).build()
    bonuses = []
    for step in range(cfg.anneal_steps):
        coef = jnp.float32(cfg.ent_coef * (1.0 - step / cfg.anneal_steps))
        bonuses.append(bonus_fn(logits, coef))
    return bonuses


if __name__ == "__main__":
    main(*inputs())

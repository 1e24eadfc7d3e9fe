"""COMA-style counterfactual baseline: each agent's expected Q under its own policy."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class CriticConfig:
    axes: dict = dataclasses.field(default_factory=lambda: {"agent": "agent", "env": "env"})


class CounterfactualCritic:
    def __init__(self, cfg, mesh):
        self.cfg = cfg
        self.mesh = mesh

    def baseline(self, q_values, policy):
        agent_axis = self.cfg.axes["agent"]
        expected = (policy * q_values).sum(axis=-1)
        team = jax.lax.psum(expected, agent_axis)
        return jax.lax.all_gather(team[:, None], agent_axis, axis=1, tiled=True, to="reduced")

    def compile(self):
        ax = self.cfg.axes
        spec = P(ax["env"], ax["agent"], None)
        return jax.jit(jax.shard_map(self.baseline, mesh=self.mesh, in_specs=(spec, spec),
                                     out_specs=P(ax["env"], None, reduced={ax["agent"]})))


def inputs():
    rng = np.random.default_rng(24)
    q = rng.normal(size=(8, 4, 5)).astype(np.float32)
    pi = jax.nn.softmax(rng.normal(size=(8, 4, 5)).astype(np.float32), axis=-1)
    return q, np.asarray(pi)


def main(q_values, policy):
    cfg = CriticConfig()
    mesh = jax.make_mesh((4, 2), (cfg.axes["agent"], cfg.axes["env"]))
    spec = NamedSharding(mesh, P(cfg.axes["env"], cfg.axes["agent"], None))
    critic = CounterfactualCritic(cfg, mesh).compile()
    return critic(jax.device_put(q_values, spec), jax.device_put(policy, spec))


if __name__ == "__main__":
    main(*inputs())

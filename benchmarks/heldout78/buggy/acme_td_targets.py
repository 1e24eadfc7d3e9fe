"""Acme-style Q-learning learner: TD targets from next-state Q-values over all actions."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class AgentConfig:
    mesh_shape: tuple = (2, 4)
    replica_axis: str = "replica"
    model_axis: str = "model"
    learning_rate: float = 1e-3
    discount: float = 0.99
    variable_update_period: int = 1

    @property
    def axes(self):
        return (self.replica_axis, self.model_axis)


class VariableSource:
    """What a learner exposes to actors: named variables."""

    def get_variables(self, names):
        raise NotImplementedError


class VariableClient:
    def __init__(self, source, key, update_period=1):
        self._source = source
        self._key = key
        self._update_period = update_period
        self._calls = 0
        self._params = None

    def update(self):
        if self._params is None or self._calls % self._update_period == 0:
            self._params = self._source.get_variables([self._key])[0]
        self._calls += 1

    @property
    def params(self):
        return self._params


class QLearner:
    def __init__(self, config, mesh):
        self._config = config
        spec = P(config.replica_axis, config.model_axis)
        self._targets = jax.shard_map(
            self._td_targets, mesh=mesh, in_specs=(spec, P(config.replica_axis)),
            out_specs=P(config.replica_axis, None))

    @property
    def discount(self):
        return self._config.discount

    def _all_actions(self, q_values):
        return jax.lax.all_gather(q_values, self._config.model_axis, axis=1, tiled=True, to="reduced")

    def _td_targets(self, q_next, rewards):
        q_next = self._all_actions(q_next)
        return rewards[:, None] + self.discount * q_next

    def targets(self, q_next, rewards):
        return self._targets(q_next, rewards)


def inputs():
    rng = np.random.default_rng(15)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8,)).astype(np.float32)


def main(q_next, rewards):
    config = AgentConfig()
    mesh = jax.make_mesh(config.mesh_shape, config.axes)
    q_next = jax.device_put(q_next, NamedSharding(mesh, P(*config.axes)))
    rewards = jax.device_put(rewards, NamedSharding(mesh, P(config.replica_axis)))
    return QLearner(config, mesh).targets(q_next, rewards).shape


if __name__ == "__main__":
    print(main(*inputs()))

"""Acme-style actor pulling full policy weights from a sharded learner."""
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
from jax._src.shard_map import top_level_all_gather


class Learner(VariableSource):
    def __init__(self, config, mesh, params):
        self._config = config
        self._mesh = mesh
        self._params = jax.device_put(params, NamedSharding(mesh, P(*config.axes)))

    def step(self, grads):
        with jax.set_mesh(self._mesh):
            grads = jax.device_put(grads, self._params.sharding)
            self._params = self._params - self._config.learning_rate * grads

    def get_variables(self, names):
        return [self._params for _ in names]


class Actor:
    def __init__(self, config, client, mesh):
        self._mesh = mesh
        self._client = client
        self._weights_spec = P(config.replica_axis, None, reduced={config.model_axis})
        self._weights = None

    def update(self):
        self._client.update()
        with jax.set_mesh(self._mesh):
            self._weights = top_level_all_gather(self._client.params, self._weights_spec)

    def select_action(self, observation):
        return jnp.argmax(observation @ self._weights.T, axis=-1)


def inputs():
    rng = np.random.default_rng(13)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(params, grads):
    config = AgentConfig()
    mesh = jax.make_mesh(config.mesh_shape, config.axes)
    learner = Learner(config, mesh, params)
    learner.step(grads)
    actor = Actor(config, VariableClient(learner, "policy"), mesh)
    actor.update()
    return actor._weights.shape


if __name__ == "__main__":
    print(main(*inputs()))

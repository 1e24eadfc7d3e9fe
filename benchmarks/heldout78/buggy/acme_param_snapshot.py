"""Acme-style learner: averaged gradients, and a parameter snapshot for the variable client."""
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


class Learner(VariableSource):
    def __init__(self, config, mesh, params):
        self._config = config
        self._mesh = mesh
        self._spec = P(config.replica_axis, config.model_axis)
        self._params = jax.device_put(params, NamedSharding(mesh, self._spec))
        self._snapshot = None
        self._step = jax.shard_map(
            self._sgd_step, mesh=mesh, in_specs=(self._spec, self._spec),
            out_specs=(self._spec, P(config.replica_axis, None, reduced={config.model_axis})))

    def _sgd_step(self, params, batch):
        grads = jax.lax.pmean(params * batch, self._config.model_axis)
        new_params = params - self._config.learning_rate * grads
        snapshot = jax.lax.all_gather(grads, self._config.model_axis, axis=1, tiled=True, to="reduced")
        return new_params, snapshot

    def step(self, batch):
        self._params, self._snapshot = self._step(self._params, batch)

    def get_variables(self, names):
        return [{"policy": self._params, "snapshot": self._snapshot}[n] for n in names]


class AgentBuilder:
    def __init__(self, config):
        self._config = config

    def make_learner(self, mesh, params):
        return Learner(self._config, mesh, params)

    def make_variable_client(self, learner):
        return VariableClient(learner, "snapshot", self._config.variable_update_period)


def inputs():
    rng = np.random.default_rng(10)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(params, batch):
    config = AgentConfig()
    mesh = jax.make_mesh(config.mesh_shape, config.axes)
    builder = AgentBuilder(config)
    learner = builder.make_learner(mesh, params)
    learner.step(jax.device_put(batch, NamedSharding(mesh, P(*config.axes))))
    client = builder.make_variable_client(learner)
    client.update()
    return client.params.shape


if __name__ == "__main__":
    print(main(*inputs()))

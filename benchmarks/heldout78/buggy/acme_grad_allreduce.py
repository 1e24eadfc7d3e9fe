"""Acme-style learner with a model-parallel torso; gradients averaged across every device."""
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


class Learner:
    def __init__(self, config, mesh):
        self._config = config
        spec = P(config.replica_axis, config.model_axis)
        self._grads = jax.shard_map(self._loss_grads, mesh=mesh, in_specs=(spec, spec), out_specs=P())

    def _torso(self, params, observations):
        return jax.lax.psum(jnp.sum(params * observations, axis=1), self._config.model_axis)

    def _loss_grads(self, params, observations):
        features = self._torso(params, observations)
        grad = jnp.mean(features)
        return jax.lax.pmean(grad, self._config.axes)

    def grads(self, params, observations):
        return self._grads(params, observations)


def inputs():
    rng = np.random.default_rng(14)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(8, 16)).astype(np.float32)


def main(params, observations):
    config = AgentConfig()
    mesh = jax.make_mesh(config.mesh_shape, config.axes)
    params, observations = (jax.device_put(a, NamedSharding(mesh, P(*config.axes)))
                            for a in (params, observations))
    return float(Learner(config, mesh).grads(params, observations))


if __name__ == "__main__":
    print(main(*inputs()))

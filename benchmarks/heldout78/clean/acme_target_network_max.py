"""DQN-style learner: the target network is a gathered copy of the online weights."""
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

SYNC_FNS = {"mean": jax.lax.pmean, "max": jax.lax.pmax, "sum": jax.lax.psum}


class DQNLearner:
    def __init__(self, config, mesh, target_sync="mean"):
        self._config = config
        self._sync = SYNC_FNS[target_sync]
        spec = P(config.replica_axis, config.model_axis)
        self._update = jax.shard_map(
            self._update_target, mesh=mesh, in_specs=spec, out_specs=P(None, None, reduced={config.model_axis}))

    def _target_params(self, online):
        return jax.lax.all_gather(online, self._config.model_axis, axis=1, tiled=True, to="reduced")

    def _update_target(self, online):
        target = self._target_params(online)
        return self._sync(target, self._config.replica_axis)

    def update_target(self, online):
        return self._update(online)


def inputs():
    rng = np.random.default_rng(12)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(online):
    config = AgentConfig()
    mesh = jax.make_mesh(config.mesh_shape, config.axes)
    online = jax.device_put(online, NamedSharding(mesh, P(*config.axes)))
    learner = DQNLearner(config, mesh, target_sync="max")
    target = learner.update_target(online)
    return target.shape


if __name__ == "__main__":
    print(main(*inputs()))

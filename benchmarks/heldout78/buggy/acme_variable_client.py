"""Acme-style actor fetching layer tables from the learner through a variable client."""
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


def fetch(x, axis_name, dim):
    return jax.lax.all_gather(x, axis_name, axis=dim, tiled=True, to="reduced")


class Learner(VariableSource):
    def __init__(self, mesh, params, spec):
        self._mesh = mesh
        self._spec = spec
        self._params = jax.device_put(params, NamedSharding(mesh, spec))

    def get_variables(self, names):
        return [self._params for _ in names]


class FeedForwardActor:
    def __init__(self, config, mesh, client):
        self._client = client
        self._axes = mesh.axis_names
        model = config.model_axis
        self._policy = jax.shard_map(
            self._tables, mesh=mesh, in_specs=P(*self._axes),
            out_specs=(P(config.replica_axis, None, reduced={model}),
                       P(None, None, reduced=set(self._axes))))

    def _tables(self, params):
        head = fetch(params, self._axes[-1], 1)
        torso = fetch(head, self._axes, 0)
        return head, torso

    def observe_and_update(self):
        self._client.update()
        return self._policy(self._client.params)


def inputs():
    rng = np.random.default_rng(11)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(params):
    config = AgentConfig()
    mesh = jax.make_mesh(config.mesh_shape, config.axes)
    learner = Learner(mesh, params, P(*config.axes))
    client = VariableClient(learner, "policy", config.variable_update_period)
    actor = FeedForwardActor(config, mesh, client)
    head, torso = actor.observe_and_update()
    return head.shape, torso.shape


if __name__ == "__main__":
    print(main(*inputs()))

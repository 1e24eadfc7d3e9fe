"""PPO minibatch preparation: advantages normalised over the whole rollout, gin-like config."""
import ast
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_BINDINGS = {}

CONFIG = """
make_mesh.shape = (2, 4)
make_mesh.axis_names = ('actors', 'envs')
AdvantageNormalizer.time_axis = 'envs'
AdvantageNormalizer.rollout_axes = ('actors', 'envs')
AdvantageNormalizer.epsilon = 1e-8
"""


def parse_config(text):
    for raw in text.strip().splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            key, value = (part.strip() for part in line.split("=", 1))
            scope, param = key.rsplit(".", 1)
            _BINDINGS.setdefault(scope, {})[param] = ast.literal_eval(value)


def configurable(obj):
    name = obj.__name__
    if isinstance(obj, type):
        init = obj.__init__

        @functools.wraps(init)
        def __init__(self, *args, **kwargs):
            init(self, *args, **{**_BINDINGS.get(name, {}), **kwargs})

        obj.__init__ = __init__
        return obj

    @functools.wraps(obj)
    def wrapper(*args, **kwargs):
        return obj(*args, **{**_BINDINGS.get(name, {}), **kwargs})
    return wrapper


@configurable
def make_mesh(shape=(8,), axis_names=("batch",)):
    return jax.make_mesh(shape, axis_names)


def _collect(x, axes, dim):
    return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")


@configurable
class AdvantageNormalizer:
    def __init__(self, time_axis="time", rollout_axes=("batch",), epsilon=1e-6):
        self.time_axis = time_axis
        self.rollout_axes = rollout_axes
        self.epsilon = epsilon

    def trajectories(self, advantages):
        return _collect(advantages, self.time_axis, 1)

    def __call__(self, advantages):
        episodes = self.trajectories(advantages)
        rollout = _collect(episodes, self.rollout_axes, 0)
        return episodes, rollout


def inputs():
    rng = np.random.default_rng(1)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(advantages):
    parse_config(CONFIG)
    mesh = make_mesh()
    actors, envs = mesh.axis_names
    advantages = jax.device_put(advantages, NamedSharding(mesh, P(actors, envs)))
    normalizer = AdvantageNormalizer()
    prepare = jax.shard_map(
        normalizer, mesh=mesh, in_specs=P(actors, envs),
        out_specs=(P(actors, None, reduced={envs}), P(None, None, reduced={actors, envs})))
    episodes, rollout = prepare(advantages)
    return episodes.shape, rollout.shape


if __name__ == "__main__":
    print(main(*inputs()))

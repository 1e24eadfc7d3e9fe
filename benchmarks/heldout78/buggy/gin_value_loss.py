"""Critic loss averaged over the rollout; reduction axes bound in a gin-like string."""
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
value_loss.discount = 0.99
value_loss.env_axis = 'envs'
value_loss.reduce_axes = ('actors', 'envs')
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


def td_errors(values, rewards, discount):
    targets = rewards[:-1] + discount * values[1:]
    return targets - values[:-1]


@configurable
def value_loss(values, rewards, discount=0.9, env_axis="batch", reduce_axes=("batch",)):
    errors = td_errors(values, rewards, discount)
    per_actor = jax.lax.pmean(jnp.mean(0.5 * errors ** 2), env_axis)
    return jax.lax.pmean(per_actor, axis_name=reduce_axes)


def inputs():
    rng = np.random.default_rng(4)
    return rng.normal(size=(9, 16)).astype(np.float32), rng.normal(size=(9, 16)).astype(np.float32)


def main(values, rewards):
    parse_config(CONFIG)
    mesh = make_mesh()
    spec = P(None, mesh.axis_names)
    values, rewards = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (values, rewards))
    loss = jax.shard_map(value_loss, mesh=mesh, in_specs=(spec, spec), out_specs=P())(values, rewards)
    return float(loss)


if __name__ == "__main__":
    print(main(*inputs()))

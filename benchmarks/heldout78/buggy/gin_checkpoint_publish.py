"""Learner publishes its parameters to the inference servers; layouts come from a gin-like string."""
import ast
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_BINDINGS = {}
from jax._src.shard_map import top_level_all_gather

CONFIG = """
make_mesh.shape = (2, 4)
make_mesh.axis_names = ('actors', 'envs')
LearnerState.layout = ('actors', 'envs')
publish_params.serving_layout = ('envs', None)
publish_params.gathered = ('actors',)
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


@configurable
class LearnerState:
    def __init__(self, mesh, params, layout=(None, None)):
        self.mesh = mesh
        self.layout = P(*layout)
        self.params = jax.device_put(params, NamedSharding(mesh, self.layout))
        self.steps = 0

    def apply(self, grads, lr=0.1):
        self.params = self.params - lr * grads
        self.steps += 1


@configurable
def publish_params(state, serving_layout=(None, None), gathered=()):
    with jax.set_mesh(state.mesh):
        spec = P(*serving_layout, reduced=set(gathered))
        return top_level_all_gather(state.params, spec)


def inputs():
    rng = np.random.default_rng(3)
    return rng.normal(size=(16, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(params, grads):
    parse_config(CONFIG)
    mesh = make_mesh()
    state = LearnerState(mesh, params)
    state.apply(jax.device_put(grads, state.params.sharding))
    served = publish_params(state)
    return served.shape, state.steps


if __name__ == "__main__":
    print(main(*inputs()))

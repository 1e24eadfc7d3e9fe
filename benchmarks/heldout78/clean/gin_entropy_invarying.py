"""Policy entropy regulariser over an action dimension split across devices, gin-like config."""
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
EntropyBonus.action_axis = 'envs'
EntropyBonus.coef = 0.01
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
class EntropyBonus:
    def __init__(self, action_axis="actions", coef=0.0):
        self.action_axis = action_axis
        self.coef = coef

    def full_logits(self, logits):
        return jax.lax.all_gather(logits, self.action_axis, axis=1, tiled=True, to="invarying")

    def __call__(self, logits):
        logits = self.full_logits(logits)
        log_probs = jax.nn.log_softmax(logits, axis=-1)
        entropy = -jnp.sum(jnp.exp(log_probs) * log_probs, axis=-1)
        return self.coef * entropy


def inputs():
    rng = np.random.default_rng(5)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(logits):
    parse_config(CONFIG)
    mesh = make_mesh()
    actors, envs = mesh.axis_names
    logits = jax.device_put(logits, NamedSharding(mesh, P(actors, envs)))
    bonus = jax.shard_map(EntropyBonus(), mesh=mesh, in_specs=P(actors, envs), out_specs=P(actors))(logits)
    return float(bonus.sum())


if __name__ == "__main__":
    print(main(*inputs()))

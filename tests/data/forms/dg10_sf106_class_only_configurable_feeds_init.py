"""A class-only gin-like `@configurable`: it replaces `__init__` with one that feeds the class's
bindings (by `cls.__name__`) where the construction leaves a keyword out. The bound action axis
'j' makes the logits reduced on 'j' before a softmax combines them with constants."""
import ast
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_BINDINGS = {}

CONFIG = """
EntropyBonus.action_axis = 'j'
EntropyBonus.coef = 0.01
"""


def parse_config(text):
    for raw in text.strip().splitlines():
        key, value = (part.strip() for part in raw.split("=", 1))
        scope, param = key.rsplit(".", 1)
        _BINDINGS.setdefault(scope, {})[param] = ast.literal_eval(value)


def configurable(cls):
    init = cls.__init__

    @functools.wraps(init)
    def __init__(self, *args, **kwargs):
        init(self, *args, **{**_BINDINGS.get(cls.__name__, {}), **kwargs})

    cls.__init__ = __init__
    return cls


@configurable
class EntropyBonus:
    def __init__(self, action_axis="i", coef=0.0):
        self.action_axis = action_axis
        self.coef = coef

    def __call__(self, logits):
        full = jax.lax.all_gather(logits, self.action_axis, axis=1, tiled=True, to="reduced")
        log_probs = jax.nn.log_softmax(full, axis=-1)  # SF106
        return self.coef * log_probs


def main(mesh, x):
    parse_config(CONFIG)
    bonus = EntropyBonus()
    return jax.shard_map(bonus, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8) / 64.0
    return mesh, jax.device_put(x, NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())

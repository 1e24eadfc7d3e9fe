"""The configurable wrapper merges the parsed bindings over the call's keywords: the bindings win."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import ast
import functools

_BINDINGS = {}
CONFIG = "reduce.axes = ('i',)"


def parse_config(text):
    for raw in text.strip().splitlines():
        target, value = raw.split("=", 1)
        scope, param = target.strip().split(".")
        _BINDINGS.setdefault(scope, {})[param] = ast.literal_eval(value.strip())


def configurable(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        merged = dict(kwargs)
        merged.update(_BINDINGS.get(fn.__name__, {}))
        return fn(*args, **merged)

    return wrapper


@configurable
def reduce(block, axes=("i",)):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, axes)


def run(mesh, x):
    return jax.shard_map(lambda b: reduce(b, axes=("i", "j")), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    parse_config(CONFIG)
    return run(mesh, x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())

"""functools.wraps(fn, assigned=()) keeps the wrapper's own __name__, so the configurable finds no binding for "reduce"."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P

import ast
import functools

_BINDINGS = {}
CONFIG = "reduce.axes = ('i', 'j')"


def parse_config(text):
    for raw in text.strip().splitlines():
        target, value = raw.split("=", 1)
        scope, param = target.strip().split(".")
        _BINDINGS.setdefault(scope, {})[param] = ast.literal_eval(value.strip())


def traced(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


def configurable(fn):
    @functools.wraps(fn)
    def bound(*args, **kwargs):
        return fn(*args, **{**_BINDINGS.get(fn.__name__, {}), **kwargs})

    return bound


@configurable
@traced
def reduce(block, axes=("i",)):
    counts = jax.lax.psum(block, "j")
    return jax.lax.psum(counts, axes)


def run(mesh, x):
    return jax.shard_map(reduce, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    parse_config(CONFIG)
    return run(mesh, x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())

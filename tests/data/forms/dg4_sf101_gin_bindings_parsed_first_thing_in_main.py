"""gin-like configuration: `parse_config(CONFIG)` fills `_BINDINGS` from a config string as the
first statement of `main`, and `@configurable` looks each call's keyword defaults up by the
wrapped def's `__name__`. The bound gather axis is 'i', the axis the body has just averaged over."""
import ast
import functools

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

_BINDINGS = {}

CONFIG = """
bootstrap.gather_axis = 'i'
"""


def parse_config(text):
    for raw in text.strip().splitlines():
        key, value = (part.strip() for part in raw.split("=", 1))
        scope, param = key.rsplit(".", 1)
        _BINDINGS.setdefault(scope, {})[param] = ast.literal_eval(value)


def configurable(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **{**_BINDINGS.get(fn.__name__, {}), **kwargs})
    return wrapper


@configurable
def bootstrap(values, gather_axis="j"):
    mean = jax.lax.pmean(values, "i")
    return jax.lax.all_gather(mean, gather_axis, axis=0, tiled=True, to="reduced")  # SF101


def main(mesh, x):
    parse_config(CONFIG)
    fn = jax.shard_map(bootstrap, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))
    return fn(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8) / 64.0
    return mesh, jax.device_put(x, NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())

"""A gin-like `@configurable` registry: keyword defaults come from parsed binding strings."""
import ast
import functools
import inspect

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

REQUIRED = object()
_BINDINGS = {}


def parse_config(text):
    for line in text.strip().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        key, value = (part.strip() for part in line.split("=", 1))
        scope, param = key.rsplit(".", 1)
        _BINDINGS.setdefault(scope, {})[param] = ast.literal_eval(value)


def configurable(fn):
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        bound = dict(_BINDINGS.get(fn.__name__, {}))
        bound.update(kwargs)
        missing = [n for n, p in sig.parameters.items() if p.default is REQUIRED and n not in bound]
        if missing:
            raise ValueError(f"{fn.__name__}: unbound {missing}")
        return fn(*args, **bound)

    return wrapper


@configurable
def embedding_norms(x, axis_name=REQUIRED, eps=1e-6):
    sq = jax.lax.psum(jnp.sum(x * x, axis=0), axis_name)
    return x * jax.lax.rsqrt(sq + eps), sq


@configurable
def publish(stat, axis_name=REQUIRED, tiled=False, to="reduced"):
    return jax.lax.all_gather(stat, axis_name, to=to, tiled=tiled)


CONFIG = """
embedding_norms.axis_name = 'batch'
embedding_norms.eps = 1e-5
publish.axis_name = 'batch'   # every batch shard keeps the norms it logged
publish.tiled = True
publish.to = 'invarying'
"""


def inputs():
    return np.random.default_rng(8).normal(size=(16, 8)).astype(np.float32),


def main(x):
    parse_config(CONFIG)
    mesh = jax.make_mesh((4, 2), ("batch", "embed"))
    x = jax.device_put(x, NamedSharding(mesh, P("batch", "embed")))

    def body(x):
        y, sq = embedding_norms(x)
        return y, publish(sq)

    run = jax.shard_map(body, mesh=mesh, in_specs=P("batch", "embed"),
                        out_specs=(P("batch", "embed"), P("embed")))
    return run(x)


if __name__ == "__main__":
    main(*inputs())

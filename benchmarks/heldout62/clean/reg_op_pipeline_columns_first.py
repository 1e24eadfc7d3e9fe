"""Functional ops registered by name and folded over a pipeline description."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OPS = {}


def register_op(name):
    def deco(fn):
        OPS[name] = fn
        return fn
    return deco


@register_op("gather")
def gather(x, *, axes, dim=0):
    axes = tuple(axes) if isinstance(axes, list) else axes
    return jax.lax.all_gather(x, axes, axis=dim, to="reduced", tiled=True)


@register_op("abs")
def absolute(x):
    return jnp.abs(x)


@register_op("reshape")
def reshape(x, *, shape):
    return x.reshape(shape)


PIPELINE = [
    {"op": "gather", "axes": "tp", "dim": 1},
    {"op": "abs"},
    {"op": "gather", "axes": ["fsdp"]},
]


def compile_pipeline(steps):
    fns = [functools.partial(OPS[s["op"]], **{k: v for k, v in s.items() if k != "op"}) for s in steps]
    return lambda x: functools.reduce(lambda acc, fn: fn(acc), fns, x)


def inputs():
    return np.arange(128, dtype=np.float32).reshape(8, 16) - 64.0,


def main(x):
    mesh = jax.make_mesh((2, 4), ("fsdp", "tp"))
    x = jax.device_put(x, NamedSharding(mesh, P("fsdp", "tp")))
    run = jax.shard_map(compile_pipeline(PIPELINE), mesh=mesh, in_specs=P("fsdp", "tp"),
                        out_specs=P(None, None, reduced={"fsdp", "tp"}))
    return run(x)


if __name__ == "__main__":
    main(*inputs())

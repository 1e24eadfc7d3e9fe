"""Retrace: truncated importance traces passed along the actor ring, gin-like config."""
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
retrace_traces.lambda_ = 0.95
retrace_traces.trace_axis = 'actors'
episode_view.axis = 'actors'
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
def episode_view(log_ratios, axis="batch"):
    return jax.lax.all_gather(log_ratios, axis, axis=0, tiled=True, to="reduced")


def ring(size):
    return [(i, (i + 1) % size) for i in range(size)]


@configurable
def retrace_traces(log_ratios, lambda_=1.0, trace_axis="batch"):
    ratios = jnp.exp(episode_view(log_ratios))
    size = jax.lax.axis_size(trace_axis)
    shifted = jax.lax.ppermute(ratios, trace_axis, ring(size))
    return jnp.minimum(shifted, 1.0) * lambda_


def inputs():
    rng = np.random.default_rng(2)
    return (0.1 * rng.normal(size=(16, 16)).astype(np.float32),)


def main(log_ratios):
    parse_config(CONFIG)
    mesh = make_mesh()
    spec = P(*mesh.axis_names)
    log_ratios = jax.device_put(log_ratios, NamedSharding(mesh, spec))
    traces = jax.shard_map(retrace_traces, mesh=mesh, in_specs=spec, out_specs=spec)(log_ratios)
    return float(traces.mean())


if __name__ == "__main__":
    print(main(*inputs()))

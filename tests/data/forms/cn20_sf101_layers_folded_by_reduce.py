"""Layers applied by `functools.reduce(lambda h, layer: layer(h), self.layers, x)`: the summing
layer runs first, then the gathering one, whose gather over 'j' takes a value the `psum` and
the `pmean` made invariant there."""
import functools

import jax
from jax.sharding import PartitionSpec as P


class SharedMean:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        m = jax.lax.pmean(x, self.axis)
        return jax.lax.all_gather(m, self.axis, axis=0, to="reduced", tiled=True)  # SF101


class Sum:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        return jax.lax.psum(x, self.axis)


class Pipeline:
    def __init__(self, axis):
        self.layers = [Sum(axis), SharedMean(axis)]

    def __call__(self, x):
        return functools.reduce(lambda h, layer: layer(h), self.layers, x)


def main(mesh, x):
    pipeline = Pipeline("j")
    return jax.shard_map(pipeline, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)

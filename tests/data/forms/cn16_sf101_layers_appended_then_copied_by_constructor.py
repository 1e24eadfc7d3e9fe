"""Layers appended to a local list in a loop, then handed to a container whose constructor
keeps a copy (`self.layers = list(layers)`): the container runs them in order, and the gather
over 'j' takes a value the `psum` and the `pmean` made invariant there."""
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


class Sequential:
    def __init__(self, layers):
        self.layers = list(layers)

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def main(mesh, x):
    stack = []
    for axis in ("j",):
        stack.append(Sum(axis))
        stack.append(SharedMean(axis))
    model = Sequential(stack)
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)

"""The same spelling, and the list is changed through the field (`model.layers.insert`): what
the model runs is not the list the appends built."""
import jax
from jax.sharding import PartitionSpec as P


class Gather:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        return jax.lax.all_gather(x, self.axis, to="reduced", tiled=True)


class Reduce:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        return jax.lax.psum(x, self.axis)


class ToVarying:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, x):
        return jax.lax.pcast(x, self.axis, to="varying")


class Sequential:
    def __init__(self, layers):
        self.layers = layers

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def main(mesh, x):
    layers = []
    layers.append(Gather("i"))
    layers.append(Reduce("i"))
    model = Sequential(layers)
    model.layers.insert(1, ToVarying("i"))
    return jax.shard_map(model, mesh=mesh, in_specs=P("i"), out_specs=P())(x)

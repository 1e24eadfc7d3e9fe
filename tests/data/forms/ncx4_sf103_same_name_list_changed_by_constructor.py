"""The same spelling, and the constructor inserts a cast into the list after storing it: the
field's list is changed by `__init__` itself, so the model runs the cast."""
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
    def __init__(self, layers, cast=None):
        self.layers = layers
        if cast is not None:
            layers.insert(1, cast)

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def main(mesh, x):
    layers = []
    layers.append(Gather("i"))
    layers.append(Reduce("i"))
    model = Sequential(layers, ToVarying("i"))  # __init__ inserts the cast into the list it keeps
    return jax.shard_map(model, mesh=mesh, in_specs=P("i"), out_specs=P())(x)

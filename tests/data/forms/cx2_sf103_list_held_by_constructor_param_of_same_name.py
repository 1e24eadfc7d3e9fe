"""A list filled by appends, handed to a constructor whose parameter is spelled like the caller's
list (`__init__(self, layers)`, `self.layers = layers`): the field holds the caller's object, and
the caller's changes before the construction are what the model runs."""
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
        return jax.lax.psum(x, self.axis)  # SF103


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
    return jax.shard_map(model, mesh=mesh, in_specs=P("i"), out_specs=P())(x)

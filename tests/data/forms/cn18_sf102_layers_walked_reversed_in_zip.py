"""Layers walked by `zip(self.names, reversed(self.layers))`: the last layer listed runs first
and gathers over 'i' to 'reduced', so the first, over ('i', 'j'), takes a value already
reduced on 'i'."""
import jax
from jax.sharding import PartitionSpec as P


class Gather:
    def __init__(self, axes, dim):
        self.axes, self.dim = axes, dim

    def __call__(self, x):
        return jax.lax.all_gather(x, self.axes, axis=self.dim, to="reduced", tiled=True)  # SF102


class Vary:
    def __init__(self, axes):
        self.axes = axes

    def __call__(self, x):
        return jax.lax.pcast(x, self.axes, to="varying")


class Named:
    def __init__(self, names, layers):
        self.names = list(names)
        self.layers = list(layers)

    def __call__(self, x):
        for name, layer in zip(self.names, reversed(self.layers)):
            x = layer(x)
        return x


def main(mesh, x):
    model = Named(["mix", "rows"], [Gather(("i", "j"), 1), Gather("i", 0)])
    return jax.shard_map(model, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)

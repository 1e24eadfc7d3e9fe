"""Near miss of cn1: a layer between the two gathers casts the value back to varying on 'i'
(the star parameter keeps the order the layers were handed in), so the gather over ('i', 'j')
takes a value varying on both axes."""
import jax
from jax.sharding import PartitionSpec as P


class Gather:
    def __init__(self, axes, dim=0):
        self.axes, self.dim = axes, dim

    def __call__(self, x):
        return jax.lax.all_gather(x, self.axes, axis=self.dim, to="reduced", tiled=True)


class Vary:
    def __init__(self, axes):
        self.axes = axes

    def __call__(self, x):
        return jax.lax.pcast(x, self.axes, to="varying")


class Sequential:
    def __init__(self, *layers):
        self.layers = list(layers)

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def main(mesh, x):
    def body(x):
        head = Sequential(Gather("i"), Vary("i"), Gather(("i", "j"), dim=1))
        return head(x)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)

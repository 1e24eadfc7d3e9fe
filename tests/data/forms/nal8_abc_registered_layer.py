"""`isinstance` against an ABC answers through `register`, not through the bases written: the
layer is a registered `Gathered`, so the container gathers once and everything runs."""
from abc import ABC

import jax
from jax.sharding import PartitionSpec as P


class Gathered(ABC):
    pass


class GatherRows:
    def __call__(self, x):
        return jax.lax.all_gather(x, "i", axis=0, tiled=True, to="reduced")


Gathered.register(GatherRows)


class Sequential:
    def __init__(self, layers):
        self.layers = layers

    def __call__(self, x):
        for layer in self.layers:
            if isinstance(layer, Gathered):
                x = layer(x)
            else:
                x = layer(layer(x))
        return x


def run(mesh, x):
    model = Sequential([GatherRows()])
    return jax.shard_map(model, mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(x)

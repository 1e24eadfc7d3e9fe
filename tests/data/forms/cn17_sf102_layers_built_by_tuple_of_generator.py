"""Layers built by `tuple(Gather(a) for a in axes)` in the container's constructor and walked in
order: the first gathers over 'i' to 'reduced', so the second, over ('i', 'j'), takes a value
already reduced on 'i'. One line of `Gather.__call__` serves both layers."""
import jax
from jax.sharding import PartitionSpec as P


class Gather:
    def __init__(self, axes, dim):
        self.axes, self.dim = axes, dim

    def __call__(self, x):
        return jax.lax.all_gather(x, self.axes, axis=self.dim, to="reduced", tiled=True)  # SF102


class Stack:
    def __init__(self, axes):
        self.layers = tuple(Gather(a, dim) for dim, a in enumerate(axes))

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def main(mesh, x):
    stack = Stack(("i", ("i", "j")))
    return jax.shard_map(stack, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))(x)

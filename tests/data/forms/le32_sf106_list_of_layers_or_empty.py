"""`self.layers = list(layers or [])` of a list the caller wrote holds its items: the layer in it
gathers to 'reduced', and the mean after the loop divides a reduced value."""
import jax
from jax.sharding import PartitionSpec as P


class Gather:
    def __init__(self, axis="j"):
        self.axis = axis

    def run(self, x):
        return jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to="reduced")


class Stack:
    def __init__(self, layers=None):
        self.layers = list(layers or [])

    def __call__(self, x):
        for layer in self.layers:
            x = layer.run(x)
        return x.mean(axis=-1, keepdims=True)  # SF106


def main(mesh, x):
    stack = Stack([Gather()])
    return jax.shard_map(stack, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", "j"))(x)

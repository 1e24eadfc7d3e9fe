"""Near miss of le32: the caller's list is empty, so `layers or [...]` takes the default list,
whose layer gathers to 'invarying': the mean is fine."""
import jax
from jax.sharding import PartitionSpec as P


class Gather:
    def __init__(self, axis="j", to="reduced"):
        self.axis, self.to = axis, to

    def run(self, x):
        return jax.lax.all_gather(x, self.axis, axis=1, tiled=True, to=self.to)


class Stack:
    def __init__(self, layers=None):
        self.layers = list(layers or [Gather(to="invarying")])

    def __call__(self, x):
        for layer in self.layers:
            x = layer.run(x)
        return x.mean(axis=-1, keepdims=True)


def main(mesh, x):
    stack = Stack([])
    return jax.shard_map(stack, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None))(x)

import jax
from jax.sharding import PartitionSpec as P


class Block:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, h):
        return jax.lax.psum(h, self.axis)  # SF105: the second block gets a value invariant on 'j'


class Stack:
    def __init__(self):
        self.layers = [Block("j"), Block(("i", "j"))]

    def __call__(self, h):
        for layer in self.layers:
            h = layer(h)
        return h


def run(mesh, x):
    return jax.shard_map(Stack(), mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)

"""A torch-like Module base keeps forward hooks in a list its `__init__` makes (a subclass runs it
by `super().__init__()`); the shard_map body builds the layer, registers a hook on it and calls
it. The hook runs on the gathered (reduced) output and takes its maximum over the axis it is
reduced on."""
import jax
from jax.sharding import PartitionSpec as P


class Module:
    def __init__(self):
        self.hooks = []

    def register_forward_hook(self, fn):
        self.hooks.append(fn)
        return fn

    def __call__(self, x):
        y = self.forward(x)
        for fn in self.hooks:
            y = fn(y)
        return y


class Head(Module):
    def __init__(self, axis):
        super().__init__()
        self.axis = axis

    def forward(self, x):
        return jax.lax.all_gather(x, self.axis, tiled=True, to="reduced")


def scale(y):
    return jax.lax.pmax(y, "i")  # SF103


def body(x):
    head = Head("i")
    head.register_forward_hook(scale)
    return head(x)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j"))(x)

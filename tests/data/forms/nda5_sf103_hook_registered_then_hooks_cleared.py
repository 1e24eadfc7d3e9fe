"""The same layer, but the body clears the hook list through another method before calling it:
the hook never runs, and the list's items are not what the registrations appended."""
import jax
from jax.sharding import PartitionSpec as P


class Module:
    def __init__(self):
        self.hooks = []

    def register_forward_hook(self, fn):
        self.hooks.append(fn)
        return fn

    def remove_hooks(self):
        self.hooks.clear()

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
    return jax.lax.pmax(y, "i")


def body(x):
    head = Head("i")
    head.register_forward_hook(scale)
    head.remove_hooks()
    return head(x)


def main(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)

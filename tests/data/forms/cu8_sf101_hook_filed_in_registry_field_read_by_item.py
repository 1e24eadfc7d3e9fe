"""A hook registry keeps its entries in a field (`self.hooks[name] = fn` in a decorator); the
model reads it only by item (`HOOKS.hooks[name](x)`), so the filed hook runs there and its
verdicts are closed: a psum, then a gather of the invariant sum to reduced."""
import jax
from jax.sharding import PartitionSpec as P


class HookRegistry:
    def __init__(self):
        self.hooks = {}

    def register(self, name):
        def deco(fn):
            self.hooks[name] = fn
            return fn
        return deco


HOOKS = HookRegistry()


@HOOKS.register("total")
def total_hook(x):
    total = jax.lax.psum(x, "i")
    return jax.lax.all_gather(total, "i", axis=0, tiled=True, to="reduced")  # SF101


class Model:
    def __init__(self, hook_names):
        self.hook_names = hook_names

    def __call__(self, x):
        for name in self.hook_names:
            x = HOOKS.hooks[name](x)
        return x


def main(mesh, x):
    return jax.shard_map(Model(["total"]), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)

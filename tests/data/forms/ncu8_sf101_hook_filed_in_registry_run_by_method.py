"""The same registry, but it also has a method running an entry (`HOOKS.run(name, x)`): which
entries that method runs, and with what, is not counted, so the filed hook's verdicts are not
closed and nothing is said."""
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

    def run(self, name, x):
        return self.hooks[name](x)


HOOKS = HookRegistry()


@HOOKS.register("total")
def total_hook(x):
    total = jax.lax.psum(x, "i")
    return jax.lax.all_gather(total, "i", axis=0, tiled=True, to="reduced")


class Model:
    def __init__(self, hook_names):
        self.hook_names = hook_names

    def __call__(self, x):
        for name in self.hook_names:
            x = HOOKS.hooks[name](x)
        return x


def export(x):
    return HOOKS.run("total", x)


def main(mesh, x):
    return jax.shard_map(Model(["total"]), mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "j", reduced={"i"}))(x)

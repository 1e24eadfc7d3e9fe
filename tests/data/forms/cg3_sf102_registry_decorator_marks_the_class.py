"""A class registry filled by a decorator factory that also marks each class (`cls.label =
name`, read by no code), the body an object built from it by a key a parameter's default gives
(`REDUCERS[kind]()`); the subclass overrides the class attribute its base reads."""
import jax
from jax.sharding import PartitionSpec as P

REDUCERS = {}


def register(name):
    def deco(cls):
        REDUCERS[name] = cls
        cls.label = name
        return cls
    return deco


@register("cols")
class ColGather:
    axes = ("j",)

    def __call__(self, x):
        return jax.lax.all_gather(x, self.axes[0], axis=1, tiled=True, to="reduced")


@register("full")
class FullGather(ColGather):
    axes = ("i", "j")

    def __call__(self, x):
        by_col = jax.lax.all_gather(x, "j", axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(by_col, self.axes, axis=0, tiled=True, to="reduced")  # SF102


def refit(mesh, x, kind="full"):
    reducer = REDUCERS[kind]()
    return jax.shard_map(reducer, mesh=mesh, in_specs=P("i", "j"),
                         out_specs=P(None, None, reduced={"i", "j"}))(x)


def main(mesh, x):
    return refit(mesh, x)

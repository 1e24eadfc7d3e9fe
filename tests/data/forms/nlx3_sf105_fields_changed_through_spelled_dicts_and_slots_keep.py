"""A plan's `axes` changed to ("data",) after `__init__` stored ("data", "model"), by spellings
that name no field: `getattr(plan, "__dict__")[..]`, `getattr(plan, "__setattr__")(..)`, a
slot's `Slotted.axes.__set__`, and the live `__dict__` a `__getattr__` hands out. The reduction
over `plan.axes` (of a value varying on "data" only) runs over "data" alone."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Plan:
    def __init__(self, axes):
        self.axes = axes

    def __getattr__(self, name):
        if name == "fields":
            return self.__dict__
        raise AttributeError(name)


class Slotted:
    __slots__ = ("axes",)

    def __init__(self, axes):
        self.axes = axes


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def by_dict_text(mesh, x):
    plan = Plan(("data", "model"))
    getattr(plan, "__dict__")["axes"] = ("data",)
    return reduce(mesh, x, plan.axes)


def by_setattr_text(mesh, x):
    plan = Plan(("data", "model"))
    getattr(plan, "__setattr__")("axes", ("data",))
    return reduce(mesh, x, plan.axes)


def by_slot(mesh, x):
    plan = Slotted(("data", "model"))
    Slotted.axes.__set__(plan, ("data",))
    return reduce(mesh, x, plan.axes)


def by_handed_dict(mesh, x):
    plan = Plan(("data", "model"))
    plan.fields["axes"] = ("data",)
    return reduce(mesh, x, plan.axes)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return [job(mesh, x) for job in (by_dict_text, by_setattr_text, by_slot, by_handed_dict)]


if __name__ == "__main__":
    main()

"""A metaclass whose `__new__` takes the class statement's keywords (`class Tensor(Plan,
gather="tensor")`): it pops the declared options out of the namespace before `type.__new__`, and
the keywords reach `__init_subclass__`, which registers the plan. The plan's gather axis comes
from the keyword: the gathered (reduced over 'model') value is psum'd over 'model'."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PLANS = {}


class Opt:
    def __init__(self, default):
        self.default = default


class PlanMeta(type):
    def __new__(mcs, name, bases, ns, **kwargs):
        options = {key: value.default for key, value in list(ns.items()) if isinstance(value, Opt)}
        for key in options:
            ns.pop(key)
        cls = super().__new__(mcs, name, bases, ns, **kwargs)
        cls.options = {**getattr(cls, "options", {}), **options}
        return cls


class Plan(metaclass=PlanMeta):
    def __init_subclass__(cls, gather=None, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.gather = gather
        PLANS[cls.__name__.lower()] = cls


class Tensor(Plan, gather="model"):
    reduce = Opt("model")


def main():
    plan = PLANS["tensor"]
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(x):
        full = jax.lax.all_gather(x, plan.gather, axis=0, tiled=True, to="reduced")
        return jax.lax.psum(full, plan.options["reduce"])  # SF103

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("model", None), out_specs=P(None, None))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("model", None)))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()

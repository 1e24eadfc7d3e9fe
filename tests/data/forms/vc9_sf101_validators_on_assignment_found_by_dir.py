"""Validation on assignment: a base's `__init_subclass__` walks `dir(cls)` (reading
`__annotations__` on the way, which gives the subclass an empty dict of its own, and `__dict__`)
for static methods marked by a decorator that returns `staticmethod(fn)`, and its `__setattr__`
runs the field's validator before `super().__setattr__` stores the value. The log axis,
assigned as " DATA ", is stored as 'data': the psum result, invariant over 'data', is gathered to
reduced over 'data'."""
import typing

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def validates(field):
    def mark(fn):
        fn.validates = field
        return staticmethod(fn)
    return mark


class Validated:
    checks: typing.ClassVar[dict] = {}

    def __init_subclass__(cls):
        super().__init_subclass__()
        cls.checks = {}
        for name in dir(cls):
            target = getattr(getattr(cls, name), "validates", None)
            if target is not None:
                cls.checks[target] = getattr(cls, name)

    def __setattr__(self, name, value):
        check = self.checks.get(name)
        super().__setattr__(name, check(value) if check is not None else value)


class LogPlan(Validated):
    def __init__(self, log_axis):
        self.log_axis = log_axis

    @validates("log_axis")
    def _axis(value):
        return value.strip().lower()


def main():
    plan = LogPlan("model")
    plan.log_axis = " DATA "
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(x):
        total = jax.lax.psum(x, "data")
        return jax.lax.all_gather(total, plan.log_axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()

"""A param-like framework: a metaclass's `__init__` calls `super().__init__(name, bases, ns)` (the
next metaclass along its own order, then type's) and collects the class's `Parameter`
descriptors down `__mro__` with `vars(klass)`; a Parameter checks the value against its allowed
objects in `__set__` and keeps it in the instance's `__dict__`. The gather axis, 'model', gathers
to reduced; the psum over the same axis then takes a reduced value."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Parameter:
    def __init__(self, default=None, objects=None):
        self.default, self.objects = default, objects

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, objtype=None):
        return self.default if obj is None else obj.__dict__.get("_" + self.name, self.default)

    def __set__(self, obj, value):
        if self.objects is not None and value not in self.objects:
            raise ValueError(value)
        obj.__dict__["_" + self.name] = value


class Registered(type):
    def __init__(cls, name, bases, ns):
        super().__init__(name, bases, ns)
        cls.registered = True


class Parameterized(Registered):
    def __init__(cls, name, bases, ns):
        super().__init__(name, bases, ns)
        cls.params = {}
        for klass in reversed(cls.__mro__):
            for key, value in vars(klass).items():
                if isinstance(value, Parameter):
                    cls.params[key] = value


class Plan(metaclass=Parameterized):
    gather_axis = Parameter("data", objects=["data", "model"])
    reduce_axis = Parameter("data", objects=["data", "model"])

    def __init__(self, **values):
        for key, value in values.items():
            setattr(self, key, value)


def main():
    plan = Plan(gather_axis="model", reduce_axis="model")
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(x):
        full = jax.lax.all_gather(x, plan.gather_axis, axis=0, tiled=True, to="reduced")
        return jax.lax.psum(full, plan.reduce_axis)  # SF103

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("model", None), out_specs=P(None, None))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("model", None)))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()

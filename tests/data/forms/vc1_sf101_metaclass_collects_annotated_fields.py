"""A pydantic-like model written by hand: a metaclass reads the annotated fields from the class
namespace (`ns["__annotations__"]`) and their defaults, walks `dir(cls)` for validators marked by
a decorator that hands back `classmethod(fn)` (found through `getattr(cls, name).__func__`, the
framework's own dunders absent elsewhere, `object` and the metaclass itself included), coerces
each value by its hint (`typing.get_origin` of a `Literal`, `issubclass(hint, enum.Enum)` of a
module class) and stores the values with `object.__setattr__(self, "__dict__", ...)`. The
validator lower-cases the axis and the root validator fills `log_axis` from it: the psum result,
invariant over 'data', is gathered to reduced over 'data'."""
import enum
import typing

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def checks(*names):
    def mark(fn):
        fn.__checks_fields__ = names
        return classmethod(fn)
    return mark


class Schema(type):
    def __new__(mcs, name, bases, ns):
        cls = super().__new__(mcs, name, bases, ns)
        fields = {}
        for base in cls.__mro__[:0:-1]:
            fields.update(getattr(base, "__schema_fields__", {}))
        for field, hint in ns.get("__annotations__", {}).items():
            fields[field] = (hint, ns.get(field))
        found = {}
        for attr in dir(cls):
            func = getattr(getattr(cls, attr, None), "__func__", None)
            for field in getattr(func, "__checks_fields__", ()):
                found.setdefault(field, []).append(getattr(cls, attr))
        cls.__schema_fields__, cls.__schema_checks__ = fields, found
        return cls


def coerce(hint, value):
    if typing.get_origin(hint) is typing.Literal:
        if value not in typing.get_args(hint):
            raise ValueError(value)
        return value
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint(value)
    return value


class Model(metaclass=Schema):
    def __init__(self, **data):
        values = {}
        for field, (hint, default) in self.__schema_fields__.items():
            value = coerce(hint, data.get(field, default))
            for check in self.__schema_checks__.get(field, ()):
                value = check(value, values)
            values[field] = value
        if values.get("log_axis") is None:
            values["log_axis"] = values["axis"]
        object.__setattr__(self, "__dict__", values)


class Reduce(enum.Enum):
    SUM = "sum"
    MEAN = "mean"


class LogConfig(Model):
    axis: str = "Data"
    log_axis: typing.Optional[str] = None
    reduce: Reduce = "sum"
    kind: typing.Literal["loss", "grad"] = "loss"

    @checks("axis")
    def lower(cls, value, values):
        return value.strip().lower()


def main():
    cfg = LogConfig(axis=" DATA ")
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(x):
        total = jax.lax.psum(x, cfg.axis)
        return jax.lax.all_gather(total, cfg.log_axis, axis=0, tiled=True, to="reduced")  # SF101

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P(None, None, reduced={"data"}))
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()

"""A pydantic-2-like settings class: `@field_validator("axes")` stacked over `@classmethod`
marks the classmethod object itself; the base's `__init_subclass__` reads every class's
`__annotations__` down the MRO (a `ClassVar` hint among them) and finds the validators with
`inspect.getmembers` on the class and `isinstance(member, classmethod)` in `vars(cls)`. The
validator splits a comma string into the reduce axes: the loss, pmean'd over 'data', is psum'd
over ('data', 'model'), varying on 'model' and invariant on 'data'."""
import inspect
import typing

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def field_validator(*fields):
    def mark(member):
        member.validated_fields = fields
        return member
    return mark


class Settings:
    registry: typing.ClassVar[dict] = {}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        hints = {}
        for klass in reversed(cls.__mro__):
            hints.update(getattr(klass, "__annotations__", {}))
        cls.fields = [name for name, hint in hints.items() if typing.get_origin(hint) is not typing.ClassVar]
        cls.validators = {}
        for name, member in vars(cls).items():
            if isinstance(member, classmethod) and hasattr(member, "validated_fields"):
                for field in member.validated_fields:
                    cls.validators[field] = getattr(cls, name)
        cls.public = [name for name, _ in inspect.getmembers(cls) if not name.startswith("_")]

    def __init__(self, **data):
        for name in self.fields:
            value = data.get(name, getattr(type(self), name, None))
            if name in self.validators:
                value = self.validators[name](value)
            setattr(self, name, value)


class ReduceSettings(Settings):
    axes: tuple = ("data",)
    scale: float = 1.0

    @field_validator("axes")
    @classmethod
    def split(cls, value):
        return tuple(part.strip() for part in value.split(",")) if isinstance(value, str) else tuple(value)


def main():
    cfg = ReduceSettings(axes="data, model")
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(x):
        loss = jax.lax.pmean(x.sum(), "data")
        return jax.lax.psum(loss * cfg.scale, cfg.axes)  # SF105

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", "model")))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()

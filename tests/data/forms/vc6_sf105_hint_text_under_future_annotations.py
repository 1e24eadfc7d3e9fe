"""Under `from __future__ import annotations` a class's `__annotations__` hold each hint's source
text, as the compiler spells it back (`tuple[str, ...]`, `typing.Optional[str]`). A config base
converts each field by a table keyed by that text, found in `__init_subclass__`: the axes field,
a comma string, is split into ('data', 'model'); the loss, pmean'd over 'data', is psum'd over
both axes, varying on 'model' and invariant on 'data'."""
from __future__ import annotations

import typing

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CONVERTERS = {
    "tuple[str, ...]": lambda v: tuple(a.strip() for a in v.split(",")) if isinstance(v, str) else tuple(v),
    "typing.Optional[str]": lambda v: v if v is None else str(v).lower(),
}


class Config:
    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.converters = {name: CONVERTERS.get(hint, lambda v: v) for name, hint in cls.__annotations__.items()}

    def __init__(self, **values):
        for name, convert in self.converters.items():
            setattr(self, name, convert(values.get(name, getattr(type(self), name))))


class ReduceConfig(Config):
    axes: tuple[str, ...] = ("data",)
    label: typing.Optional[str] = None


def main():
    cfg = ReduceConfig(axes="data, model", label="Loss")
    mesh = jax.make_mesh((4, 2), ("data", "model"))

    def body(x):
        loss = jax.lax.pmean(x.sum(), "data")
        return jax.lax.psum(loss, cfg.axes)  # SF105

    fn = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"), out_specs=P())
    x = jax.device_put(np.ones((8, 4), np.float32), NamedSharding(mesh, P("data", "model")))
    return jax.jit(fn)(x)


if __name__ == "__main__":
    main()

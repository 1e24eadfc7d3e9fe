"""The converter strips the second axis to the first: one axis."""
import dataclasses
from dataclasses import dataclass, field

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


def attr(*, default=dataclasses.MISSING, converter=None):
    return field(default=default, metadata={"converter": converter})


def define(cls):
    cls = dataclass(frozen=True)(cls)
    init = cls.__init__

    def __init__(self, *args, **kwargs):
        init(self, *args, **kwargs)
        for f in dataclasses.fields(self):
            if (conv := f.metadata.get("converter")) is not None:
                object.__setattr__(self, f.name, conv(getattr(self, f.name)))

    cls.__init__ = __init__
    return cls


@define
class Axes:
    first: str = attr(converter=str.strip)
    second: str = attr(default="i", converter=str.strip)

    @property
    def axes(self):
        return (self.first,) if self.first == self.second else (self.first, self.second)


def main():
    return run(Axes("i", " i ").axes)


if __name__ == "__main__":
    main()

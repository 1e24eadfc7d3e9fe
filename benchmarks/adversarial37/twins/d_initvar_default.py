"""slots dataclass: `c.scale == 2` is True on CPython 3.11."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import enum
import dataclasses
import operator
import warnings
import weakref
from dataclasses import dataclass, field, InitVar, KW_ONLY
from typing import ClassVar, NamedTuple


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


@dataclass(slots=True)
class C:
    a: str
    scale: InitVar[int] = 2

    def __post_init__(self, scale):
        pass


def main(mesh, x):
    c = C("i")
    axes = ("i", "j") if c.scale == 2 else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())

"""Python 3.11: `bool(G.R | G.W)` is True."""
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


class S(enum.StrEnum):
    I = "i"
    J = "j"


class N(enum.IntEnum):
    ONE = 1
    TWO = 2


class A(str, enum.Enum):
    I = "i"
    J = "j"


class E(enum.Enum):
    I = "i"
    J = "j"


class G(enum.Flag):
    R = enum.auto()
    W = enum.auto()
    X = enum.auto()


class F(enum.IntFlag):
    R = 1
    W = 2


def main(mesh, x):
    axes = ("i",) if bool(G.R | G.W) else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())

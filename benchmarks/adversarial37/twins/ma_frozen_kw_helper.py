"""dataclass under a base with __match_args__ (frozen): CPython reads the dataclass's own."""
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


class Base:
    __match_args__ = ("b",)


@dataclass(frozen=True)
class Child(Base):
    a: str
    b: str = "j"


def pick():
    ok = False
    match Child("i"):
        case Child("i", b="j"):
            ok = True
    return ok


def main(mesh, x):
    ok = pick()
    axes = ("i", "j") if ok else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())

"""A dataclass hint `CV[tuple]`: no field in CPython (field_names)."""
from __future__ import annotations
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import dataclasses
import typing
from dataclasses import InitVar as IVar
from typing import ClassVar as CVar


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)

CV = typing.ClassVar
IV = dataclasses.InitVar
TupleClassVar = tuple
InitVarTuple = tuple
WholeCV = typing.ClassVar[tuple]


@dataclasses.dataclass
class Plan:
    axes: CV[tuple] = ("i", "j")


def main(mesh, x):
    axes = ("i",) if [f.name for f in dataclasses.fields(Plan)] == [] else ("i", "j")
    return reduce_rows(mesh, x, axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())

from __future__ import annotations

import typing
from typing import Annotated, NamedTuple

import jax
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


class Spec(NamedTuple):
    axes: tuple = ()
    reduced: frozenset = frozenset()


class Sharded:
    def __class_getitem__(cls, params):
        kind, *axes = params
        return Annotated[kind, Spec(tuple(axes))]


class Table(NamedTuple):
    embed: Sharded[jax.Array, "rows", "cols"]
    bias: Sharded[jax.Array, "cols"]


def layouts(cls) -> dict:
    hints = typing.get_type_hints(cls, include_extras=True)
    return {name: P(*typing.get_args(h)[1].axes) for name, h in hints.items()}


def main():
    mesh = jax.make_mesh((4, 2), ("rows", "cols"))
    specs = layouts(Table)
    table = Table(embed=jax.device_put(np.ones((16, 8), np.float32), NamedSharding(mesh, specs["embed"])),
                  bias=jax.device_put(np.ones((8,), np.float32), NamedSharding(mesh, specs["bias"])))
    with jax.set_mesh(mesh):
        gathered = top_level_all_gather(table.embed, P("rows", None, reduced={"cols"}))
    return gathered


if __name__ == "__main__":
    main()

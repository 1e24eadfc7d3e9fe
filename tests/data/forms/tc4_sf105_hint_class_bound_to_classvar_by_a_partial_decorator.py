"""`functools.partial(_shared)` binds `Shared` to what the program's `_shared` returns,
`typing.ClassVar`, which the run holds for the name where the class body evaluates the hint:
`axes: Shared` is no dataclass field (read by value), so `Cfg().axes` is the class attribute
("i", "j") and the psum over both axes raises."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P
import dataclasses
import functools
import typing


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def _shared(cls):
    return typing.ClassVar


@functools.partial(_shared)
class Shared:
    pass


@dataclasses.dataclass
class Cfg:
    axes: Shared = ("i",)


Cfg.axes = ("i", "j")


def main(mesh, x):
    return reduce_rows(mesh, x, Cfg().axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())

"""`functools.partial(dataclasses.dataclass, frozen=True)` hands the class back (a library
decorator given only a library name and constants): `axes: Shared` is a dataclass field, whose
default ("i", "j") the psum over both axes raises on."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P
import dataclasses
import functools


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)  # SF105
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


@functools.partial(dataclasses.dataclass, frozen=True)
class Shared:
    pass


@dataclasses.dataclass
class Cfg:
    axes: Shared = ("i", "j")


def main(mesh, x):
    return reduce_rows(mesh, x, Cfg().axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())

"""The mesh's axes are a StrEnum whose members auto() names in lower case; the reduction walks
the class and reads each member by str() (a StrEnum's str is its value): ("data", "model"), over
which the psum of a value varying on "data" only raises."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(enum.StrEnum):
    DATA = enum.auto()
    MODEL = enum.auto()


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    names = [str(axis) for axis in Axis]
    mesh = jax.make_mesh((4, 2), tuple(names))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P(f"{Axis.DATA}", None)))
    known = tuple(name for name in names if name in mesh.axis_names) or ("data",)
    return jax.shard_map(make_body(known), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()

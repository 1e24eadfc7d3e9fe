"""The same walk over a `(str, Enum)` class: str() of such a member is "Axis.DATA", not its value
(unlike a StrEnum's), so no name matches a mesh axis and the body reduces over "data" only:
nothing raises."""
import enum

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Axis(str, enum.Enum):
    DATA = "data"
    MODEL = "model"


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    names = [str(axis) for axis in Axis]
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    known = tuple(name for name in names if name in mesh.axis_names) or ("data",)
    return jax.shard_map(make_body(known), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()

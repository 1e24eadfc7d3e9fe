"""The depth object has both `__int__` (1) and `__index__` (2): `"%d"` asks `__int__` first, so
the body reduces over ("data",) only and nothing raises (slicing with the object itself would
take two axes)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "model")


class Depth:
    def __init__(self, levels):
        self.levels = levels

    def __int__(self):
        return self.levels - 1

    def __index__(self):
        return self.levels


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    tag = "depth=%d" % Depth(2)
    axes = AXES[: int(tag.split("=")[1])]
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()

"""The reduction depth is an object Python reads as an int through `__index__`: `"%d"` of it
gives "2", so the body reduces over the first two axes, ("data", "model"), a value varying on
"data" only, and raises."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("data", "model")


class Depth:
    def __init__(self, levels):
        self.levels = levels

    def __index__(self):
        return self.levels


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return body


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    tag = "depth=%d" % Depth(2)
    axes = AXES[: int(tag.split("=")[1])]
    return jax.shard_map(make_body(axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()

"""methodcaller('__get__', obj) binds a plain function to obj, which reads obj's axes."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from operator import methodcaller


class Layout:
    def __init__(self, axes):
        self.axes = axes


def reduce_axes(layout):
    return layout.axes


WIDE, NARROW = Layout(("i", "j")), Layout(("i",))
AXES = methodcaller("__get__", WIDE)(reduce_axes)()


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        part = jax.lax.psum(block, "j")
        return jax.lax.psum(part, AXES)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()

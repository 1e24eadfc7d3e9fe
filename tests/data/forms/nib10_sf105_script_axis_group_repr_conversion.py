"""The '!r' conversion asks the axis group's __repr__ (its first name), not its
__str__: the text is 'i' (a model that ignored the conversion would see both axes)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AxisGroup:
    def __init__(self, *names):
        self.names = names

    def __str__(self):
        return "+".join(self.names)

    def __repr__(self):
        return self.names[0]


def main():
    key = "{!r}".format(AxisGroup("i", "j"))
    return reduce_over(tuple(key.split("+")))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()

"""The axis group's __format__ answers the 'first' spec with its first name only:
the f-string gives 'i' (a model that formatted it by its __str__ would see both axes)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AxisGroup:
    def __init__(self, *names):
        self.names = names

    def __str__(self):
        return ",".join(self.names)

    def __format__(self, spec):
        return self.names[0] if spec == "first" else str(self)


def main():
    text = f"{AxisGroup('i', 'j'):first}"
    return reduce_over(tuple(text.split(",")))


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()

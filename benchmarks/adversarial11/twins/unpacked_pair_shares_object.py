"""A helper returns one model twice; narrowing the first name narrows the second."""
import jax
import numpy as np
from jax.sharding import PartitionSpec as P


class Reducer:
    def __init__(self):
        self.axes = ("i", "j")

    def __call__(self, block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, self.axes)


def pair():
    model = Reducer()
    return model, Reducer()


def main(mesh, x):
    student, teacher = pair()
    student.axes = ("i",)
    return jax.shard_map(teacher, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())

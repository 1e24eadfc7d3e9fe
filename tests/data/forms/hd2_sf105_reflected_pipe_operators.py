import jax
import numpy as np
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


class Pipe:
    """`Pipe() | "i" >> Axis() | ...`: the axes a step reduces over, in order."""

    def __init__(self, axes=()):
        self.axes = tuple(axes)

    def __or__(self, other):
        if isinstance(other, Pipe):
            return Pipe(self.axes + other.axes)
        return NotImplemented


class Axis:
    def __init__(self):
        self.name = None

    def __rrshift__(self, label):
        self.name = label
        return self

    def __ror__(self, pipe):
        return Pipe(pipe.axes + (self.name,))


class Only(Pipe):
    def __ror__(self, pipe):
        return Pipe(self.axes)


def body(x, axes):
    y = lax.psum(x, "j")
    return lax.psum(y, axes)  # SF105


def main(mesh, x):
    pipe = Pipe() | "i" >> Axis() | Pipe(("j",))
    step = jax.shard_map(lambda v: body(v, pipe.axes), mesh=mesh, in_specs=P("i", "j"), out_specs=P())
    return step(jax.device_put(x, NamedSharding(mesh, P("i", "j"))))


if __name__ == "__main__":
    print(main(jax.make_mesh((2, 4), ("i", "j")), np.ones((8, 8), np.float32)))

"""The property's setter keeps the first axis only: the job reduces over what the setter stored,
not over the tuple it was assigned."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Job:
    def __init__(self):
        self._axes = ("i",)

    @property
    def axes(self):
        return self._axes

    @axes.setter
    def axes(self, value):
        self._axes = tuple(value)[:1]


def main():
    job = Job()
    job.axes = ("i", "j")
    return reduce_over(job.axes)


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()

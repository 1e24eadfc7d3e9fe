import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((4, 2), ("data", "model"))
import functools


@functools.total_ordering
class MeshAxis:
    def __init__(self, name, size):
        self.name, self.size = name, size

    def __eq__(self, other):
        return self.size == other.size

    def __lt__(self, other):
        return self.size < other.size


AXES = [MeshAxis(n, s) for n, s in zip(mesh.axis_names, mesh.axis_sizes)]


def body(block):
    col_sum = jax.lax.psum(block, "model")
    # the smallest axes first: everything up to the data axis
    ordered = sorted(AXES)
    names = tuple(a.name for a in ordered[: ordered.index(AXES[0]) + 1])
    return jax.lax.psum(col_sum, names)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    x = inputs()[0] if x is None else x
    x = jax.device_put(x, NamedSharding(mesh, P("data", "model")))
    f = jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                      out_specs=P())
    return f(x)


if __name__ == "__main__":
    main()

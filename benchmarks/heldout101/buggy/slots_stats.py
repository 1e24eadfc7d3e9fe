"""A __slots__ stats accumulator holding the axes its totals are summed over."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class RunningStats:
    __slots__ = ("axes", "total", "count")

    def __init__(self, axes):
        self.axes = tuple(axes)
        self.total = 0.0
        self.count = 0

    def update(self, v):
        self.total = self.total + jnp.sum(v)
        self.count += v.size
        return self

    def global_total(self):
        return jax.lax.psum(self.total, self.axes)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(8, 8),)


def main(x=None):
    if x is None:
        (x,) = inputs()
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data", None)))

    def body(rows):
        stats = RunningStats(mesh.axis_names)
        stats.update(jnp.abs(rows))
        return stats.global_total()

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()

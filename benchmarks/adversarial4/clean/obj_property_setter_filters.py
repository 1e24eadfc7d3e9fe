"""Assigning reduce_axes goes through a setter that drops axes the batch is not split over."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Metric:
    def __init__(self, split_axes):
        self.split_axes = split_axes
        self._reduce_axes = tuple(split_axes)

    @property
    def reduce_axes(self):
        return self._reduce_axes

    @reduce_axes.setter
    def reduce_axes(self, axes):
        self._reduce_axes = tuple(a for a in axes if a in self.split_axes)

    def __call__(self, x):
        return jax.lax.psum(jnp.sum(x), self.reduce_axes)


def inputs():
    return (np.arange(64, dtype=np.float32).reshape(16, 4),)


def main(x):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(x, NamedSharding(mesh, P("data")))
    metric = Metric(("data",))
    metric.reduce_axes = ("data", "model")
    return jax.shard_map(metric, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


if __name__ == "__main__":
    print(main(*inputs()))

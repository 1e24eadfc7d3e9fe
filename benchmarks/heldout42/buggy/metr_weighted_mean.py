"""A WeightedMean metric whose reduction function is configurable."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((4, 2), ("replica", "shard"))


class WeightedMean:
    def __init__(self, reduce_fn=jax.lax.psum, axes=("replica", "shard"), local_axis="shard"):
        self.reduce_fn = reduce_fn
        self.axes = axes
        self.local_axis = local_axis

    def local_numerator(self, values, weights):
        return jax.lax.psum(jnp.sum(values * weights), self.local_axis)

    def compute(self, values, weights):
        num = self.local_numerator(values, weights)
        num = self.reduce_fn(num, self.axes)
        den = self.reduce_fn(jnp.sum(weights), self.axes)
        return num / den


def inputs():
    v = jnp.linspace(0.0, 2.0, 16 * 4, dtype=jnp.float32).reshape(16, 4)
    w = jnp.ones((16, 4), jnp.float32)
    s = NamedSharding(MESH, P("replica", "shard"))
    return (jax.device_put(v, s), jax.device_put(w, s))


def main(values, weights):
    metric = WeightedMean()
    return jax.shard_map(metric.compute, mesh=MESH,
                         in_specs=(P("replica", "shard"), P("replica", "shard")),
                         out_specs=P())(values, weights)


if __name__ == "__main__":
    main(*inputs())

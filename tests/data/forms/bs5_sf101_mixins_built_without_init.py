import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class ShardedLagMixin:
    lag_axis = "j"

    def lag_total(self, d):
        return jax.lax.psum(jnp.sum(d, axis=1, keepdims=True), self.lag_axis)


class CumulativeMeanMixin:
    def normaliser(self, d):
        total = self.lag_total(d)
        return jax.lax.all_gather(total, self.lag_axis, axis=1, tiled=True, to="reduced")  # SF101


class Tracker(ShardedLagMixin, CumulativeMeanMixin):
    def __call__(self, frames):
        return self.normaliser(frames * frames)


def main(mesh, x):
    tracker = Tracker()
    return jax.shard_map(tracker, mesh=mesh, in_specs=P("i", "j"), out_specs=P("i", None, reduced={"j"}))(x)

"""Kalman covariance trace kept reduced: summed locally and returned with a reduced spec."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

GRID = "grid"


class KalmanFilter:
    def __init__(self, axis):
        self.axis = axis

    def diag(self, cov_blk):
        i = jax.lax.axis_index(self.axis)
        rows = cov_blk.shape[0]
        return jax.lax.dynamic_slice_in_dim(cov_blk, i * rows, rows, axis=1).diagonal()

    def trace(self, cov_blk):
        full = jax.lax.all_gather(self.diag(cov_blk), self.axis, tiled=True, to="reduced")
        return jnp.sum(full)


def main(mesh, cov):
    kf = KalmanFilter(GRID)
    f = jax.shard_map(kf.trace, mesh=mesh, in_specs=P(GRID, None), out_specs=P(reduced={GRID}))
    return f(cov)


def inputs():
    mesh = jax.make_mesh((8,), (GRID,))
    return mesh, jax.device_put(jnp.eye(16), NamedSharding(mesh, P(GRID, None)))

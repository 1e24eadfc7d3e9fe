"""Kalman filter with the state split over `grid`: a covariance row block per device."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

GRID = "grid"
R_OBS = 0.5


class KalmanFilter:
    def __init__(self, axis):
        self.axis = axis

    def predict(self, cov_blk, q):
        return cov_blk + q

    def diag(self, cov_blk):
        i = jax.lax.axis_index(self.axis)
        rows = cov_blk.shape[0]
        return jax.lax.dynamic_slice_in_dim(cov_blk, i * rows, rows, axis=1).diagonal()

    def trace(self, cov_blk):
        full = jax.lax.all_gather(self.diag(cov_blk), self.axis, tiled=True, to="reduced")
        return jax.lax.psum(jnp.sum(full), self.axis)

    def update(self, cov_blk):
        gain = self.trace(cov_blk) / (self.trace(cov_blk) + R_OBS)
        return cov_blk * (1 - gain)


def main(mesh, cov):
    kf = KalmanFilter(GRID)

    def body(cov_blk):
        return kf.update(kf.predict(cov_blk, 0.01))

    return jax.shard_map(body, mesh=mesh, in_specs=P(GRID, None), out_specs=P(GRID, None))(cov)


def inputs():
    mesh = jax.make_mesh((8,), (GRID,))
    cov = jnp.eye(16)
    return mesh, jax.device_put(cov, NamedSharding(mesh, P(GRID, None)))

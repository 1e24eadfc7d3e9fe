"""Drone fleet EKF: covariance diagonals collected per drone and then for the ground station."""
import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

gather_reduced = functools.partial(jax.lax.all_gather, to="reduced", tiled=True)


class GroundStationLink:
    def __init__(self, drone_axis="drone", sensor_axis="sensor"):
        self.drone_axis = drone_axis
        self.sensor_axis = sensor_axis

    def per_drone(self, cov_diag):
        return gather_reduced(cov_diag, self.sensor_axis, axis=1)

    def uplink(self, cov_diag):
        return gather_reduced(jnp.sqrt(cov_diag), axis_name=(self.sensor_axis, self.drone_axis))


def inputs():
    mesh = jax.make_mesh((4, 2), ("drone", "sensor"))
    cov = jnp.linspace(0.01, 1.0, 8 * 6, dtype=jnp.float32).reshape(8, 6)
    return mesh, jax.device_put(cov, NamedSharding(mesh, P("drone", "sensor")))


def main(mesh, cov):
    link = GroundStationLink()
    return jax.shard_map(link.uplink, mesh=mesh, in_specs=P("drone", "sensor"),
                         out_specs=P(None, None, reduced={"drone", "sensor"}))(cov)

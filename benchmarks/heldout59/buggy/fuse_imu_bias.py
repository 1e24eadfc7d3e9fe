"""IMU bias estimation: bias replicas gathered per state block, then summed across sensors."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ImuBiasEstimator:
    def __init__(self, sensor_axis="sensor", state_axis="state", rate_hz=200.0):
        self.sensor_axis = sensor_axis
        self.state_axis = state_axis
        self.dt = 1.0 / rate_hz

    def replicate(self, gyro):
        return jax.lax.all_gather(gyro.mean(axis=0, keepdims=True), self.sensor_axis,
                                  axis=0, tiled=True, to="reduced")

    def estimate(self, gyro):
        replicas = self.replicate(gyro)
        return jax.lax.psum(replicas, self.sensor_axis)


def inputs():
    rng = np.random.default_rng(42)
    return (0.01 + 0.001 * rng.normal(size=(32, 12)).astype(np.float32),)


def main(gyro):
    est = ImuBiasEstimator()
    mesh = jax.make_mesh((2, 4), (est.sensor_axis, est.state_axis))
    gyro = jax.device_put(gyro, NamedSharding(mesh, P("sensor", "state")))
    return jax.shard_map(est.estimate, mesh=mesh, in_specs=P("sensor", "state"),
                         out_specs=P(None, "state"))(gyro)


if __name__ == "__main__":
    main(*inputs())

"""IMU bias random walk filtered over time with lax.scan; biases pooled across sensors."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ImuBiasFilter:
    def __init__(self, sensor_axis="sensor", state_axis="state", gain=0.1):
        self.sensor_axis = sensor_axis
        self.state_axis = state_axis
        self.gain = gain

    def step(self, bias, gyro_t):
        pooled = jax.lax.pmean(gyro_t, self.sensor_axis)
        bias = bias + self.gain * (pooled - bias)
        return bias, jax.lax.all_gather(bias, self.sensor_axis, tiled=True, to="invarying")

    def run(self, gyro):
        bias0 = jnp.zeros_like(jax.lax.pmean(gyro[0], self.sensor_axis))
        _, trace = jax.lax.scan(self.step, bias0, gyro)
        return trace


def inputs():
    rng = np.random.default_rng(45)
    return (0.01 + 0.001 * rng.normal(size=(5, 16, 12)).astype(np.float32),)


def main(gyro):
    f = ImuBiasFilter()
    mesh = jax.make_mesh((2, 4), (f.sensor_axis, f.state_axis))
    gyro = jax.device_put(gyro, NamedSharding(mesh, P(None, "sensor", "state")))
    return jax.shard_map(f.run, mesh=mesh, in_specs=P(None, "sensor", "state"),
                         out_specs=P(None, None, "state"))(gyro)


if __name__ == "__main__":
    main(*inputs())

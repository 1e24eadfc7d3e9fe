"""Velocity map quicklook: the processor hands a browse layout to the PNG renderer."""
import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

AXES = ("azimuth", "range")


class Processor:
    def __init__(self, shape=(4, 2)):
        self.mesh = jax.make_mesh(shape, AXES)
        self.layout = NamedSharding(self.mesh, P(*AXES))

    def velocity(self, phase_rate, wavelength=0.0555):
        return jax.device_put(-wavelength / (4 * np.pi) * phase_rate, self.layout)

    def run(self, phase_rate):
        with jax.set_mesh(self.mesh):
            vel = self.velocity(phase_rate)
            vel = jnp.clip(vel, -0.05, 0.05)
        return vel


def browse(vel):
    return top_level_all_gather(vel, P(None, "range", reduced={"azimuth"}))


def inputs():
    rng = np.random.default_rng(63)
    return (rng.normal(size=(16, 16)).astype(np.float32),)


def main(phase_rate):
    proc = Processor()
    vel = proc.run(phase_rate)
    return browse(vel)


if __name__ == "__main__":
    main(*inputs())

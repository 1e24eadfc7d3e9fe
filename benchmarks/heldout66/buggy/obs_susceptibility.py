"""Magnetic susceptibility chi = beta * V * (<m^2> - <m>^2) over all samples of each block."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_SAMPLES = 8
N_BLOCKS = 32
BETA = 0.44
VOLUME = 16 * 16


class Susceptibility:
    def __init__(self, beta, volume, sample_axis="sample"):
        self.beta = beta
        self.volume = volume
        self.sample_axis = sample_axis

    def samples(self, m):
        return jax.lax.all_gather(m, self.sample_axis, axis=0, tiled=True, to="reduced")

    def __call__(self, m):
        all_m = self.samples(m)
        m2 = jnp.mean(all_m * all_m, axis=0)
        m1 = all_m.sum(axis=0) / all_m.shape[0]
        return self.beta * self.volume * (m2 - m1 * m1)


def inputs():
    rng = np.random.default_rng(179)
    return (rng.normal(loc=0.6, scale=0.05, size=(N_SAMPLES, N_BLOCKS)).astype(np.float32),)


def main(m):
    mesh = jax.make_mesh((2, 4), ("sample", "block"))
    m = jax.device_put(m, NamedSharding(mesh, P("sample", "block")))
    chi = Susceptibility(BETA, VOLUME)
    return jax.shard_map(chi, mesh=mesh, in_specs=P("sample", "block"), out_specs=P("block"))(m)


if __name__ == "__main__":
    main(*inputs())

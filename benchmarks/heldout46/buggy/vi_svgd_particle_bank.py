"""Stein variational gradient descent: a particle bank synchronised across both mesh axes."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_PARTICLES, DIM = 16, 8


class ParticleBank:
    def __init__(self, particle_axis="particle", feature_axis="feature"):
        self.particle_axis = particle_axis
        self.feature_axis = feature_axis

    @property
    def axes(self):
        return (self.particle_axis, self.feature_axis)

    def _pool(self, x, axes, dim):
        return jax.lax.all_gather(x, axes, axis=dim, tiled=True, to="reduced")

    def sync(self, particles):
        full_rows = self._pool(particles, self.feature_axis, 1)
        return self._pool(full_rows, self.axes, 0)


def score(particles, mean=1.0):
    return -(particles - mean)


def svgd_local_step(particles, *, bank, step=0.1):
    drift = score(particles)
    moved = particles + step * drift
    return bank.sync(moved)


def inputs():
    rng = np.random.default_rng(41)
    return (rng.standard_normal((N_PARTICLES, DIM)).astype(np.float32),)


def main(particles):
    bank = ParticleBank()
    mesh = jax.make_mesh((2, 4), bank.axes)
    particles = jax.device_put(particles, NamedSharding(mesh, P(*bank.axes)))
    body = lambda p: svgd_local_step(p, bank=bank)
    snapshot = jax.shard_map(body, mesh=mesh, in_specs=P(*bank.axes),
                             out_specs=P(None, None, reduced=set(bank.axes)))(particles)
    return snapshot


if __name__ == "__main__":
    main(*inputs())

"""Top-of-atmosphere energy budget, accumulated over radiation sub-steps."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SOLAR_CONSTANT = 1361.0
STEFAN_BOLTZMANN = 5.670374e-8


@dataclass(frozen=True)
class GridDecomp:
    lat: str = "lat"
    lon: str = "lon"
    layout: tuple = (2, 4)

    @property
    def axes(self):
        return (self.lat, self.lon)

    def mesh(self):
        return jax.make_mesh(self.layout, self.axes)


DECOMP = GridDecomp()


def outgoing_longwave(ts, emissivity=0.61):
    return emissivity * STEFAN_BOLTZMANN * ts ** 4


def toa_imbalance(ts, albedo, coslat, nsub=3):
    def substep(k, acc):
        absorbed = 0.25 * SOLAR_CONSTANT * (1.0 - albedo)
        return acc + (absorbed - outgoing_longwave(ts)) / nsub

    net = jax.lax.fori_loop(0, nsub, substep, jnp.zeros_like(ts))
    zonal_net = jax.lax.psum(jnp.sum(net, axis=1), DECOMP.lon)
    weighted = jnp.sum(zonal_net * coslat)
    weighted = jax.lax.pcast(weighted, DECOMP.lon, to="varying")
    total = jax.lax.psum(weighted, DECOMP.axes)
    return total / (DECOMP.layout[1] * jax.lax.psum(jnp.sum(coslat), DECOMP.lat))


def inputs():
    rng = np.random.default_rng(11)
    lats = np.linspace(-80, 80, 8, dtype=np.float32)
    coslat = np.cos(np.deg2rad(lats)).astype(np.float32)
    ts = (288.0 - 40.0 * (1 - coslat[:, None]) + rng.random((8, 16), dtype=np.float32)).astype(np.float32)
    albedo = (0.3 + 0.05 * rng.random((8, 16), dtype=np.float32)).astype(np.float32)
    return ts, albedo, coslat


def main(ts, albedo, coslat):
    mesh = DECOMP.mesh()
    spec = P(*DECOMP.axes)
    ts, albedo = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (ts, albedo))
    coslat = jax.device_put(coslat, NamedSharding(mesh, P(DECOMP.lat)))
    budget = jax.shard_map(toa_imbalance, mesh=mesh, in_specs=(spec, spec, P(DECOMP.lat)), out_specs=P())
    return budget(ts, albedo, coslat)


if __name__ == "__main__":
    print(main(*inputs()))

"""Zonal-mean energy by latitude band, collected for the spectra plot of the evaluation report."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ZonalEnergy:
    def __init__(self, lat_axis, time_axis):
        self.lat_axis = lat_axis
        self.time_axis = time_axis

    def full_band(self, field):
        return jax.lax.all_gather(field, self.lat_axis, axis=0, tiled=True, to="reduced")

    def band_energy(self, field):
        zonal = self.full_band(field)
        return jnp.sum(jnp.abs(zonal), axis=-1)

    def __call__(self, forecast):
        energy = self.band_energy(forecast)
        per_band = jax.lax.all_gather(energy, self.lat_axis, axis=0, tiled=True, to="invarying")
        return jax.lax.pmean(per_band, self.time_axis)


def inputs():
    rng = np.random.default_rng(62)
    return (rng.normal(size=(8, 16)).astype(np.float32),)


def main(forecast):
    mesh = jax.make_mesh((4, 2), ("time", "lat"))
    forecast = jax.device_put(forecast, NamedSharding(mesh, P("lat", None)))
    fn = jax.shard_map(ZonalEnergy("lat", "time"), mesh=mesh, in_specs=P("lat", None), out_specs=P())
    return jax.jit(fn)(forecast)


if __name__ == "__main__":
    print(main(*inputs()))

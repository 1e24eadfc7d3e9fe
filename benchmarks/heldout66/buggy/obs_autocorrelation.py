"""Integrated autocorrelation time of the energy series, lag products computed on full series."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_SERIES = 8
N_MEAS = 64
MAX_LAG = 8

MEASUREMENTS = {}


class Autocorrelation:
    def __init__(self, max_lag, time_axis="block"):
        self.max_lag = max_lag
        self.time_axis = time_axis

    def full_series(self, x):
        return jax.lax.all_gather(x, self.time_axis, axis=1, tiled=True, to="reduced")

    def __call__(self, x):
        full = self.full_series(x)
        n = full.shape[1] - self.max_lag
        products = jnp.stack([(full[:, :n] * full[:, k:k + n]).sum(axis=1)
                              for k in range(self.max_lag)], axis=1)
        return jax.lax.all_gather(products, self.time_axis, axis=1, tiled=True)


MEASUREMENTS["energy_acf"] = Autocorrelation(MAX_LAG)


def inputs():
    rng = np.random.default_rng(163)
    e = rng.normal(size=(N_SERIES, N_MEAS))
    for t in range(1, N_MEAS):
        e[:, t] = 0.8 * e[:, t - 1] + 0.2 * e[:, t]
    return (e.astype(np.float32),)


def main(energies):
    mesh = jax.make_mesh((2, 4), ("sample", "block"))
    energies = jax.device_put(energies, NamedSharding(mesh, P("sample", "block")))
    fn = jax.shard_map(MEASUREMENTS["energy_acf"], mesh=mesh, in_specs=P("sample", "block"),
                       out_specs=P("sample", "block"))
    return fn(energies)


if __name__ == "__main__":
    main(*inputs())

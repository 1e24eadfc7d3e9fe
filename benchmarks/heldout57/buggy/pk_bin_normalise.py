"""Normalise binned band powers by the number of modes per bin."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_BINS = 4


def band_powers(power):
    return power.reshape(power.shape[0], N_BINS, -1).sum(axis=-1)


def make_normaliser(axis):
    def normalise(power, n_modes):
        bands = jax.lax.all_gather(band_powers(power), axis, axis=0, tiled=True, to="reduced")
        return bands / n_modes
    return normalise


def inputs():
    rng = np.random.default_rng(45)
    power = rng.exponential(1.0, (16, 32)).astype(np.float32)
    n_modes = np.arange(1, 1 + 16 * N_BINS, dtype=np.float32).reshape(16, N_BINS)
    return power, n_modes


def main(power, n_modes):
    mesh = jax.make_mesh((2, 4), ("kx", "ky"))
    power = jax.device_put(power, NamedSharding(mesh, P("kx", "ky")))
    n_modes = jax.device_put(n_modes, NamedSharding(mesh, P(None, "ky")))
    f = jax.shard_map(make_normaliser("kx"), mesh=mesh, in_specs=(P("kx", "ky"), P(None, "ky")),
                      out_specs=P(None, "ky", reduced={"kx"}))
    return f(power, n_modes)


if __name__ == "__main__":
    main(*inputs())

"""Binning analysis of a Monte Carlo time series: the error estimate at each blocking level."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_SERIES = 8
N_MEAS = 256
LEVELS = 4
SAMPLE, BLOCK = "sample", "block"


def block_once(x):
    return 0.5 * (x[:, 0::2] + x[:, 1::2])


def level_variance(x, n_total):
    centred = x - x.mean(axis=1, keepdims=True)
    return jax.lax.psum(jnp.sum(centred * centred, axis=1), BLOCK) / (n_total * (n_total - 1))


def binning(series):
    n_total = N_MEAS
    errors = []
    x = series
    for level in range(LEVELS):
        errors.append(level_variance(x, n_total))
        x = block_once(x)
        n_total //= 2
    table = jnp.stack(errors, axis=1)
    return jax.lax.all_gather(table, BLOCK, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(151)
    noise = rng.normal(size=(N_SERIES, N_MEAS))
    series = np.cumsum(noise, axis=1) * 0.05 + noise
    return (series.astype(np.float32),)


def main(series):
    mesh = jax.make_mesh((2, 4), (SAMPLE, BLOCK))
    series = jax.device_put(series, NamedSharding(mesh, P(SAMPLE, BLOCK)))
    fn = jax.shard_map(binning, mesh=mesh, in_specs=P(SAMPLE, BLOCK),
                       out_specs=P(SAMPLE, None, reduced={BLOCK}))
    return fn(series)


if __name__ == "__main__":
    main(*inputs())

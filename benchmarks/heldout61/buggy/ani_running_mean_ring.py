"""Running-absolute-mean normalisation, then every station meets every other on a ring."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STATION = "station"
CHUNK = "chunk"
N_STATIONS = 4
RING = [(i, (i + 1) % N_STATIONS) for i in range(N_STATIONS)]


def ram_weights(trace, half_width=2):
    kernel = jnp.ones(2 * half_width + 1) / (2 * half_width + 1)
    return jnp.convolve(jnp.abs(trace[0]), kernel, mode="same")[None] + 1e-6


def correlate_all(trace, axis, perm):
    w = jax.lax.all_gather(ram_weights(trace), CHUNK, axis=1, tiled=True, to="reduced")
    envelope = jax.lax.pmax(w, CHUNK)
    mine = jax.lax.all_gather(trace, CHUNK, axis=1, tiled=True, to="invarying") / envelope
    partner = mine
    peaks = []
    for _ in range(N_STATIONS - 1):
        partner = jax.lax.ppermute(partner, axis, perm)
        peaks.append(jnp.max(jnp.fft.irfft(jnp.fft.rfft(mine) * jnp.conj(jnp.fft.rfft(partner)))))
    return jnp.stack(peaks)[None]


def inputs():
    rng = np.random.default_rng(2)
    return (rng.normal(size=(4, 64)).astype(np.float32),)


def main(traces):
    mesh = jax.make_mesh((4, 2), (STATION, CHUNK))
    traces = jax.device_put(traces, NamedSharding(mesh, P(STATION, CHUNK)))
    body = functools.partial(correlate_all, axis=STATION, perm=RING)
    fn = jax.shard_map(body, mesh=mesh, in_specs=P(STATION, CHUNK), out_specs=P(STATION, None))
    return fn(traces)


if __name__ == "__main__":
    main(*inputs())

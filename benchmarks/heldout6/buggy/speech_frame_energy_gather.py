"""Speech front end: log-mel frames sharded over time, channels over 'chan'."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


class AudioAxes(NamedTuple):
    time: str = "time"
    chan: str = "chan"


AX = AudioAxes()
mesh = jax.make_mesh((4, 2), tuple(AX))


def frame(wave, size=4):
    return wave.reshape(-1, size, wave.shape[-1])


def energy_profile(wave, axes=AX):
    frames = frame(wave)
    energy = jnp.sum(frames ** 2, axis=1)
    total = jax.lax.psum(jnp.sum(energy, axis=0, keepdims=True), axes.time)
    if total.ndim == 2:
        total = jax.lax.all_gather(total, axes.time, axis=0, tiled=True, to="reduced")
    return energy, total


def inputs():
    wave = jnp.sin(jnp.arange(64 * 4, dtype=jnp.float32)).reshape(64, 4)
    return (jax.device_put(wave, NamedSharding(mesh, P(AX.time, AX.chan))),)


def main(wave):
    f = jax.shard_map(energy_profile, mesh=mesh, in_specs=P(AX.time, AX.chan),
                      out_specs=(P(AX.time, AX.chan), P(None, AX.chan, reduced={AX.time})))
    return f(wave)

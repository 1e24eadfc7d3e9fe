"""Zelinski post-filter: a spectral gain from the array-wide auto power spectral densities."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

POSTFILTER = dict(noise_floor=0.1, gain_floor=0.05, mic_axis="mic")


def postfilter_gain(stft, *, noise_floor, gain_floor, mic_axis):
    psd = stft * stft
    local = jnp.maximum(1.0 - noise_floor / (psd + 1e-6), gain_floor)
    gain = jax.lax.all_gather(local, mic_axis, axis=1, tiled=True, to="reduced")
    return jnp.max(gain, axis=1)


def inputs():
    rng = np.random.default_rng(4)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(stft):
    mesh = jax.make_mesh((2, 4), ("freq", "mic"))
    stft = jax.device_put(stft, NamedSharding(mesh, P("freq", "mic")))
    body = functools.partial(postfilter_gain, **POSTFILTER)
    return jax.shard_map(body, mesh=mesh, in_specs=P("freq", "mic"), out_specs=P("freq"))(stft)


if __name__ == "__main__":
    print(main(*inputs()))

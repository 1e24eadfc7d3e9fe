"""Source-wavelet estimation for full-waveform inversion: Wiener updates over receiver gathers."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

ARGS = argparse.Namespace(n_iter=3, damping=1e-2, shot_axis="shot", rx_axis="rx")


def xcorr(observed, synthetic):
    return jnp.fft.irfft(jnp.fft.rfft(observed) * jnp.conj(jnp.fft.rfft(synthetic)), n=observed.shape[-1])


def estimate(observed, green, args=ARGS):
    wavelet = jnp.zeros(observed.shape[-1]).at[0].set(1.0)
    for _ in range(args.n_iter):
        synthetic = jnp.fft.irfft(jnp.fft.rfft(green) * jnp.fft.rfft(wavelet), n=green.shape[-1])
        num = jax.lax.psum(xcorr(observed, synthetic).sum(axis=1), args.rx_axis)
        wavelet = wavelet + num.mean(axis=0) / (1.0 + args.damping)
    per_shot = jax.lax.psum(xcorr(observed, green).sum(axis=1), args.rx_axis)
    return jax.lax.all_gather(per_shot, args.rx_axis, to="reduced")


def inputs():
    rng = np.random.default_rng(34)
    return (rng.normal(size=(4, 16, 32)).astype(np.float32),
            rng.normal(size=(4, 16, 32)).astype(np.float32))


def main(observed, green, args=ARGS):
    mesh = jax.make_mesh((2, 4), (args.shot_axis, args.rx_axis))
    spec = P(args.shot_axis, args.rx_axis, None)
    observed, green = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (observed, green))
    return jax.shard_map(estimate, mesh=mesh, in_specs=(spec, spec),
                         out_specs=P(None, args.shot_axis, None, reduced={args.rx_axis}))(observed, green)


if __name__ == "__main__":
    print(main(*inputs()))

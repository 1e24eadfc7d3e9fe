"""Shot records built on the host as `np.stack` of `np.outer` rows (their shape follows: 16 by 32
each) and scaled by a jitted gain on Explicit axes keep their layout; a complex spectrum (`1j *
k * jnp.fft.fft(...)`) is computed beside them. The psum over both axes (read from an INI text)
then meets a value varying on 'shot' and invariant on 'z'."""
import configparser

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.jit
def agc(rec):
    return rec / (1e-3 + jnp.sqrt(jnp.mean(rec * rec, axis=2, keepdims=True)))


@jax.jit
def derivative(rec):
    k = jnp.fft.fftfreq(rec.shape[-1], d=1.0 / rec.shape[-1])
    return jnp.fft.ifft(1j * k * jnp.fft.fft(rec, axis=-1), axis=-1).real


def make_energy(axes):
    def energy(block):
        return jax.lax.psum(jnp.sum(block * block, axis=(1, 2)), axes)  # SF105

    return energy


def main():
    t = np.linspace(0.0, 1.0, 32)
    rec = np.stack([np.outer(np.linspace(1.0, 0.2, 16), np.sin(2 * np.pi * (k + 1) * t)) for k in range(8)])
    cp = configparser.ConfigParser()
    cp.read_string("[energy]\naxes = shot, z\n")
    axes = tuple(a.strip() for a in cp.get("energy", "axes").split(","))
    mesh = jax.make_mesh((4, 2), axes)
    with jax.set_mesh(mesh):
        r = agc(jax.device_put(rec.astype(np.float32), NamedSharding(mesh, P("shot", None, None))))
        d = derivative(r)
        f = jax.shard_map(make_energy(axes), in_specs=P("shot", None, None), out_specs=P("shot"))
        return f(r), d


if __name__ == "__main__":
    main()

"""Deconvolve the mass-assignment window; its peak over all kx pencils normalises it."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

WINDOWS = {"ngp": 1, "cic": 2, "tsc": 3}
SCHEME = "cic"


def window(k, order):
    x = jnp.pi * k / 2.0
    return (jnp.sinc(x / jnp.pi)) ** (2 * order)


def deconvolve(power, k, kx_axis="kx"):
    w = window(k, WINDOWS[SCHEME])
    w_all = jax.lax.all_gather(w, kx_axis, axis=0, tiled=True, to="reduced")
    norm = jax.lax.psum(w_all.sum(axis=0, keepdims=True), kx_axis)
    return power * norm / (w * w_all.shape[0])


def inputs():
    k = np.abs(np.fft.fftfreq(16)).astype(np.float32)
    k2 = np.sqrt(k[:, None] ** 2 + k[None, :] ** 2).astype(np.float32)
    return np.ones((16, 16), np.float32), k2


def main(power, k):
    mesh = jax.make_mesh((2, 4), ("kx", "ky"))
    s = NamedSharding(mesh, P("kx", "ky"))
    f = jax.shard_map(deconvolve, mesh=mesh, in_specs=(P("kx", "ky"),) * 2, out_specs=P("kx", "ky"))
    return f(jax.device_put(power, s), jax.device_put(k, s))


if __name__ == "__main__":
    main(*inputs())

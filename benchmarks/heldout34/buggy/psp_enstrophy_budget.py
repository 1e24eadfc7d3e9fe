"""Enstrophy budget: dissipation rate averaged over the whole spectral domain."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

parser = argparse.ArgumentParser()
parser.add_argument("--axes", nargs=2, default=["kx", "ky"])
parser.add_argument("--nu", type=float, default=1e-3)


def dissipation(what, k2, nu, axes):
    local = 2.0 * nu * jnp.sum(k2 * what ** 2, axis=1)
    along_ky = jax.lax.psum(local, axes[1])
    return jax.lax.pmean(along_ky.mean(), axes)


def main(what, k2):
    args = parser.parse_args([])
    axes = tuple(args.axes)
    mesh = jax.make_mesh((2, 4), axes)
    spec = P(*axes)
    what, k2 = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (what, k2))
    f = jax.shard_map(lambda w, k: dissipation(w, k, args.nu, axes), mesh=mesh,
                      in_specs=(spec, spec), out_specs=P())
    return jax.jit(f)(what, k2)


def inputs():
    rng = np.random.default_rng(52)
    k = np.fft.fftfreq(32, 1.0 / 32).astype(np.float32)
    return (rng.standard_normal((32, 32)).astype(np.float32), (k[:, None] ** 2 + k[None, :] ** 2))

"""Spectral solver diagnostics: a slab-decomposed 2-D FFT and Parseval's check that the
spectral energy equals the physical one, both totalled over the mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N = 16
MESH = {"slab": 4, "member": 2}


def inputs():
    rng = np.random.default_rng(32)
    return (rng.normal(size=(2, N, N)).astype(np.float32),)


def fft2_slab(u, axis):
    uh = jnp.fft.fft(u, axis=2)
    uh = jax.lax.all_to_all(uh, axis, split_axis=2, concat_axis=1, tiled=True)
    return jnp.fft.fft(uh, axis=1)


def physical_energy(u):
    return jnp.sum(u ** 2)


def spectral_energy(u, axis):
    uh = fft2_slab(u, axis)
    return jax.lax.psum(jnp.sum(jnp.abs(uh) ** 2) / N ** 2, axis)


def parseval(u):
    axes = tuple(MESH)
    e_phys = jax.lax.psum(physical_energy(u), axes)
    e_spec = jax.lax.psum(spectral_energy(u, axes[0]), axes)
    return e_phys, e_spec


def main(u):
    mesh = jax.make_mesh(tuple(MESH.values()), tuple(MESH))
    u = jax.device_put(u, NamedSharding(mesh, P("member", "slab", None)))
    fn = jax.shard_map(parseval, mesh=mesh, in_specs=P("member", "slab", None), out_specs=(P(), P()))
    return fn(u)

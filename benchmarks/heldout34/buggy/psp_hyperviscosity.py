"""Hyperviscous damping of the gathered spectrum, substepped with a Python loop."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NU_HYPER = 1e-6
DT = 0.01
SUBSTEPS = 2


def gathered_spectrum(ehat, axis):
    return jax.lax.all_gather(ehat.sum(axis=1), axis, to="reduced", tiled=True)


def damp(ehat, axis="kx"):
    spec = gathered_spectrum(ehat, axis)
    for _ in range(SUBSTEPS):
        spec = spec - DT * NU_HYPER * spec
    return spec


def main(ehat):
    mesh = jax.make_mesh((2, 4), ("kx", "ky"))
    ehat = jax.device_put(ehat, NamedSharding(mesh, P("kx", "ky")))
    f = jax.shard_map(damp, mesh=mesh, in_specs=P("kx", "ky"), out_specs=P("ky", reduced={"kx"}))
    return jax.jit(f)(ehat)


def inputs():
    rng = np.random.default_rng(55)
    return (rng.uniform(0, 1, (32, 32)).astype(np.float32),)

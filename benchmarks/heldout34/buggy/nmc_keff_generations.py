"""Power iteration on the fission source: k-effective estimated over inactive generations."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

HIST, GROUP = "hist", "group"
N_INACTIVE = 3
NU_SIGMA_F = np.array([0.02, 0.15], dtype=np.float32)


def fission_source(flux):
    return jnp.sum(flux * NU_SIGMA_F[None, :1], axis=0, keepdims=True)


def k_effective(flux):
    k = jnp.ones(())
    for generation in range(N_INACTIVE):
        source = jax.lax.all_gather(fission_source(flux), HIST, to="reduced", tiled=True)
        k_gen = jax.lax.pmean(source.sum(), HIST)
        flux = flux / k_gen
        k = k_gen
    return jax.lax.pmax(k, GROUP)


def main(flux):
    mesh = jax.make_mesh((4, 2), (HIST, GROUP))
    flux = jax.device_put(flux, NamedSharding(mesh, P(HIST, GROUP)))
    f = jax.shard_map(k_effective, mesh=mesh, in_specs=P(HIST, GROUP), out_specs=P())
    return jax.jit(f)(flux)


def inputs():
    rng = np.random.default_rng(31)
    return (rng.uniform(0.5, 1.5, (64, 2)).astype(np.float32),)

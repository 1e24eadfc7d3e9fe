"""Genotype likelihoods assembled by a composed pipeline of per-site and cohort-wide stages."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SITES, SAMPLES = "sites", "samples"


def compose(*fns):
    return functools.reduce(lambda f, g: lambda x: g(f(x)), fns)


def genotype_log_likelihood(alt_frac):
    gl = jnp.stack([jnp.log1p(-alt_frac + 1e-3), jnp.log(0.5 + 0 * alt_frac), jnp.log(alt_frac + 1e-3)], -1)
    return gl.sum(axis=0)


def gather_sites(gl):
    return jax.lax.all_gather(gl, SITES, axis=0, to="reduced")


def gather_cohort(gl):
    return jax.lax.all_gather(gl, (SITES, SAMPLES), axis=0, to="reduced")


call_genotypes = compose(genotype_log_likelihood, gather_sites, gather_cohort)


def inputs():
    rng = np.random.default_rng(41)
    return (rng.uniform(0.01, 0.99, (8, 16)).astype(np.float32),)


def main(alt_frac):
    mesh = jax.make_mesh((2, 4), (SITES, SAMPLES))
    alt_frac = jax.device_put(alt_frac, NamedSharding(mesh, P(SITES, SAMPLES)))
    fn = jax.shard_map(call_genotypes, mesh=mesh, in_specs=P(SITES, SAMPLES),
                       out_specs=P(reduced={SITES, SAMPLES}))
    return fn(alt_frac)


if __name__ == "__main__":
    print(main(*inputs()))

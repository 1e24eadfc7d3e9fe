"""Genotype likelihoods post-processed by a list of callbacks before the site table is written."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SAMPLES = "samples"
LOCI = "loci"


def normalise_pl(gl):
    # phred-scaled likelihoods relative to the best genotype, per sample and locus
    return gl - jnp.min(gl, axis=-1, keepdims=True)


def cohort_gls(gl):
    return jax.lax.all_gather(gl, SAMPLES, axis=0, tiled=True, to="reduced")


def site_table(gl):
    return jax.lax.all_gather(gl, (SAMPLES, LOCI), axis=1, tiled=True, to="reduced")


CALLBACKS = [normalise_pl, cohort_gls, site_table]


def call_genotypes(gl, callbacks=CALLBACKS):
    for cb in callbacks:
        gl = cb(gl)
    return gl


def inputs():
    rng = np.random.default_rng(11)
    return (rng.uniform(0, 60, (8, 16, 3)).astype(np.float32),)


def main(gl):
    mesh = jax.make_mesh((2, 4), (SAMPLES, LOCI))
    gl = jax.device_put(gl, NamedSharding(mesh, P(SAMPLES, LOCI, None)))
    fn = jax.shard_map(call_genotypes, mesh=mesh, in_specs=P(SAMPLES, LOCI, None),
                       out_specs=P(None, None, None, reduced={SAMPLES, LOCI}))
    return fn(gl)


if __name__ == "__main__":
    print(main(*inputs()))

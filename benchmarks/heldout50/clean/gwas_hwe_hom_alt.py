"""Hardy-Weinberg equilibrium heterozygosity check on pooled allele frequencies."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def pooled_freq(genotypes, site_axis):
    p_local = genotypes.astype(jnp.float32).mean(axis=0, keepdims=True) / 2.0
    return jax.lax.all_gather(p_local, site_axis, axis=0, tiled=True, to="reduced")


def expected_het(genotypes, *, site_axis="site"):
    p = pooled_freq(genotypes, site_axis)
    return p * p


def inputs():
    rng = np.random.default_rng(55)
    return (rng.integers(0, 3, size=(16, 32)).astype(np.int32),)


def main(genotypes):
    mesh = jax.make_mesh((2, 4), ("site", "snp"))
    genotypes = jax.device_put(genotypes, NamedSharding(mesh, P("site", "snp")))
    f = jax.shard_map(expected_het, mesh=mesh, in_specs=P("site", "snp"),
                      out_specs=P(None, "snp", reduced={"site"}))
    return f(genotypes)


if __name__ == "__main__":
    main(*inputs())

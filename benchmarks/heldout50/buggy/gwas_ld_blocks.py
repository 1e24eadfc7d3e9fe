"""Linkage-disequilibrium block matrices: genotype columns gathered across SNP and site shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LDEstimator:
    def __init__(self, axes, window=8):
        self.site_axis, self.snp_axis = axes
        self.window = window

    def standardise(self, g):
        mu = g.mean(axis=0, keepdims=True)
        sd = g.std(axis=0, keepdims=True) + 1e-6
        return (g - mu) / sd

    def snp_block(self, g):
        z = self.standardise(g.astype(jnp.float32))
        return jax.lax.all_gather(z, self.snp_axis, axis=1, tiled=True, to="reduced")

    def cohort_block(self, g):
        block = self.snp_block(g)
        gather_axes = (self.site_axis, self.snp_axis)
        return jax.lax.all_gather(block, gather_axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(51)
    return (rng.integers(0, 3, size=(16, 32)).astype(np.int32),)


def main(genotypes):
    mesh = jax.make_mesh((2, 4), ("site", "snp"))
    genotypes = jax.device_put(genotypes, NamedSharding(mesh, P("site", "snp")))
    est = LDEstimator(mesh.axis_names)
    f = jax.shard_map(est.cohort_block, mesh=mesh, in_specs=P("site", "snp"),
                      out_specs=P(None, None, reduced={"site", "snp"}))
    return f(genotypes)


if __name__ == "__main__":
    main(*inputs())

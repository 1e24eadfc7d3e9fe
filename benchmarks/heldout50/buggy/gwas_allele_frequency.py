"""Cohort allele frequencies pooled across recruitment sites for a GWAS."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class MeshSpec:
    shape: tuple = (2, 4)
    site_axis: str = "site"
    snp_axis: str = "snp"


@dataclass
class CohortConfig:
    name: str = "biobank-pilot"
    mesh: MeshSpec = field(default_factory=MeshSpec)
    min_call_rate: float = 0.95


def allele_counts(genotypes, cfg: CohortConfig):
    called = genotypes >= 0
    alt = jnp.where(called, genotypes, 0).sum(axis=0, keepdims=True).astype(jnp.float32)
    return jax.lax.psum(alt, cfg.mesh.site_axis)


def pooled_frequency(genotypes, cfg: CohortConfig):
    alt = allele_counts(genotypes, cfg)
    return jax.lax.all_gather(alt, cfg.mesh.site_axis, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(50)
    return (rng.integers(-1, 3, size=(16, 32)).astype(np.int32),)


def main(genotypes, cfg=CohortConfig()):
    m = cfg.mesh
    mesh = jax.make_mesh(m.shape, (m.site_axis, m.snp_axis))
    genotypes = jax.device_put(genotypes, NamedSharding(mesh, P(m.site_axis, m.snp_axis)))
    f = jax.shard_map(lambda g: pooled_frequency(g, cfg), mesh=mesh, in_specs=P(m.site_axis, m.snp_axis),
                      out_specs=P(None, m.snp_axis, reduced={m.site_axis}))
    return f(genotypes)


if __name__ == "__main__":
    main(*inputs())

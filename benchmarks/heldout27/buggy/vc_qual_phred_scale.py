"""Site QUAL: the cohort's genotype posteriors turned into a phred-scaled quality."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

PHRED = -10.0


class SiteQual:
    def __init__(self, mesh):
        self.sample_axis, self.locus_axis = mesh.axis_names
        self.mesh = mesh

    def posteriors(self, p_ref):
        return jax.lax.all_gather(p_ref, self.sample_axis, axis=0, tiled=True, to="reduced")

    def body(self, p_ref):
        cohort = self.posteriors(p_ref)
        return PHRED * jnp.log10(cohort)

    def __call__(self, p_ref):
        spec = P(self.sample_axis, self.locus_axis)
        p_ref = jax.device_put(p_ref, NamedSharding(self.mesh, spec))
        out = P(None, self.locus_axis, reduced={self.sample_axis})
        return jax.shard_map(self.body, mesh=self.mesh, in_specs=spec, out_specs=out)(p_ref)


def inputs():
    rng = np.random.default_rng(8)
    return (rng.uniform(1e-4, 1.0, (8, 16)).astype(np.float32),)


def main(p_ref):
    return SiteQual(jax.make_mesh((2, 4), ("samples", "loci")))(p_ref)


if __name__ == "__main__":
    print(main(*inputs()))

"""Cohort allele depth: a GATK-like locus walker whose reduce hook sums over sample shards."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LocusWalker:
    """Subclasses override map_locus / reduce_cohort; traverse() runs both under shard_map."""
    sample_axis = "samples"
    locus_axis = "loci"

    def map_locus(self, pileup):
        return pileup

    def reduce_cohort(self, per_sample):
        return per_sample

    def out_spec(self):
        return P(self.sample_axis, self.locus_axis)

    def traverse(self, mesh, pileup):
        def body(block):
            return self.reduce_cohort(self.map_locus(block))

        spec = P(self.sample_axis, self.locus_axis, None)
        return jax.shard_map(body, mesh=mesh, in_specs=spec, out_specs=self.out_spec())(pileup)


class AlleleDepthWalker(LocusWalker):
    min_base_quality = 20.0

    def map_locus(self, pileup):
        # pileup: (reads, loci, 2) base qualities for ref / alt observations
        return jnp.where(pileup >= self.min_base_quality, 1.0, 0.0).sum(axis=0)

    def reduce_cohort(self, per_sample):
        depth = jax.lax.psum(per_sample, self.sample_axis)
        return jax.lax.all_gather(depth, self.sample_axis, to="reduced")

    def out_spec(self):
        return P(None, self.locus_axis, None, reduced={self.sample_axis})


def inputs():
    rng = np.random.default_rng(7)
    return (rng.uniform(0, 40, (16, 32, 2)).astype(np.float32),)


def main(pileup):
    mesh = jax.make_mesh((2, 4), ("samples", "loci"))
    pileup = jax.device_put(pileup, NamedSharding(mesh, P("samples", "loci", None)))
    return AlleleDepthWalker().traverse(mesh, pileup)


if __name__ == "__main__":
    print(main(*inputs()))

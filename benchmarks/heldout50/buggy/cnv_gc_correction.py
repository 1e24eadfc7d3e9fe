"""GC-content correction of binned read depth, chromosome by chromosome."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

CHROMOSOMES = ("chr1", "chr2", "chrX")


class GCCorrector:
    def __init__(self, sample_axis="sample", bin_axis="bin", n_gc_strata=4):
        self.sample_axis = sample_axis
        self.bin_axis = bin_axis
        self.n_gc_strata = n_gc_strata

    def stratum_depth(self, depth, gc):
        strata = jnp.clip((gc * self.n_gc_strata).astype(jnp.int32), 0, self.n_gc_strata - 1)
        oh = jax.nn.one_hot(strata, self.n_gc_strata)
        return jnp.einsum("sb,sbk->sk", depth, oh)

    def reference_curve(self, depth, gc):
        per_stratum = jax.lax.psum(self.stratum_depth(depth, gc), self.bin_axis)
        return jax.lax.all_gather(per_stratum, self.bin_axis, axis=1, tiled=True, to="reduced")

    def correct(self, depth_by_chrom, gc_by_chrom):
        out = {}
        for chrom in CHROMOSOMES:
            out[chrom] = self.reference_curve(depth_by_chrom[chrom], gc_by_chrom[chrom])
        return out


def inputs():
    rng = np.random.default_rng(40)
    depth = {c: rng.poisson(30, size=(4, 64)).astype(np.float32) for c in CHROMOSOMES}
    gc = {c: rng.uniform(0.3, 0.6, size=(4, 64)).astype(np.float32) for c in CHROMOSOMES}
    return depth, gc


def main(depth, gc):
    mesh = jax.make_mesh((2, 4), ("sample", "bin"))
    sh = NamedSharding(mesh, P("sample", "bin"))
    depth = {c: jax.device_put(v, sh) for c, v in depth.items()}
    gc = {c: jax.device_put(v, sh) for c, v in gc.items()}
    corrector = GCCorrector()
    specs = {c: P("sample", "bin") for c in CHROMOSOMES}
    out_specs = {c: P("sample", None, reduced={"bin"}) for c in CHROMOSOMES}
    f = jax.shard_map(corrector.correct, mesh=mesh, in_specs=(specs, specs), out_specs=out_specs)
    return f(depth, gc)


if __name__ == "__main__":
    main(*inputs())

"""Per-cohort heterozygosity rate; the mesh axes come from the caller's command line."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv=None):
    p = argparse.ArgumentParser(description="heterozygosity QC")
    p.add_argument("--mesh-axes", default="samples,loci")
    p.add_argument("--mesh-shape", default="2,4")
    p.add_argument("--min-depth", type=float, default=8.0)
    return p.parse_args(argv)


def make_body(args):
    sample_axis, locus_axis = args.mesh_axes.split(",")

    def het_rate(genotypes, depth):
        callable_ = depth >= args.min_depth
        het = jnp.sum(jnp.where(callable_ & (genotypes == 1), 1.0, 0.0))
        sites = jax.lax.psum(jnp.sum(callable_.astype(jnp.float32)), locus_axis)
        return jax.lax.pmean(het / sites, (sample_axis, locus_axis))

    return het_rate


def inputs():
    rng = np.random.default_rng(21)
    return rng.integers(0, 3, (8, 32)).astype(np.int32), rng.uniform(0, 30, (8, 32)).astype(np.float32)


def main(genotypes, depth):
    args = parse_args([])
    axes = tuple(args.mesh_axes.split(","))
    mesh = jax.make_mesh(tuple(int(s) for s in args.mesh_shape.split(",")), axes)
    spec = P(*axes)
    genotypes = jax.device_put(genotypes, NamedSharding(mesh, spec))
    depth = jax.device_put(depth, NamedSharding(mesh, spec))
    return jax.shard_map(make_body(args), mesh=mesh, in_specs=(spec, spec), out_specs=P())(genotypes, depth)


if __name__ == "__main__":
    print(main(*inputs()))

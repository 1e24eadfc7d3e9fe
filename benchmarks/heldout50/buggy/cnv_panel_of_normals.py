"""Panel-of-normals median coverage used to denoise tumour samples (GATK-like CNV workflow)."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--mesh-axes", default="sample,bin")
    ap.add_argument("--min-coverage", type=float, default=5.0)
    return ap.parse_args(argv)


def panel_body(coverage, *, axes, min_coverage):
    sample_axis, bin_axis = axes
    ok = jnp.where(coverage >= min_coverage, coverage, 0.0)
    normals = jax.lax.all_gather(ok, sample_axis, axis=0, tiled=True, to="reduced")
    return jax.lax.all_gather(normals, axes, axis=1, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(41)
    return (rng.poisson(20, size=(8, 32)).astype(np.float32),)


def main(coverage, argv=()):
    args = parse(list(argv))
    axes = tuple(args.mesh_axes.split(","))
    mesh = jax.make_mesh((2, 4), axes)
    coverage = jax.device_put(coverage, NamedSharding(mesh, P(*axes)))
    f = jax.shard_map(lambda c: panel_body(c, axes=axes, min_coverage=args.min_coverage), mesh=mesh,
                      in_specs=P(*axes), out_specs=P(None, None, reduced=set(axes)))
    return f(coverage)


if __name__ == "__main__":
    main(*inputs())

"""Pileup depth filter of a variant caller: total read depth per site, configured from the command line."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv):
    p = argparse.ArgumentParser(prog="call-variants")
    p.add_argument("--sites-axis", default="sites")
    p.add_argument("--reads-axis", default="reads")
    p.add_argument("--min-depth", type=float, default=3.0)
    return p.parse_args(argv)


def depth_filter(args):
    def body(pileup):
        depth = jax.lax.psum(pileup.sum(axis=(1, 2)), args.reads_axis)
        depth_track = jax.lax.all_gather(depth, args.reads_axis, tiled=True, to="reduced")
        return jnp.min(depth_track, keepdims=True) >= args.min_depth
    return body


def inputs():
    rng = np.random.default_rng(37)
    return (rng.integers(0, 2, (16, 8, 4)).astype(np.float32),)


def main(pileup):
    args = parse_args([])
    mesh = jax.make_mesh((2, 4), (args.sites_axis, args.reads_axis))
    spec = P(args.sites_axis, args.reads_axis, None)
    pileup = jax.device_put(pileup, NamedSharding(mesh, spec))
    fn = jax.shard_map(depth_filter(args), mesh=mesh, in_specs=spec, out_specs=P(args.sites_axis))
    return fn(pileup)


if __name__ == "__main__":
    print(main(*inputs()))

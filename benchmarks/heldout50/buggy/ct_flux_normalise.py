"""Air-scan flux normalisation of a fan-beam sinogram, driven by a command-line script."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_parser():
    p = argparse.ArgumentParser(description="flux-normalise projections")
    p.add_argument("--angle-axis", default="angle")
    p.add_argument("--det-axis", default="det")
    p.add_argument("--i0", type=float, default=1e5)
    return p


def make_body(args):
    def body(proj):
        air = proj.sum(axis=0, keepdims=True)
        air = jax.lax.psum(air, args.angle_axis)
        return jax.lax.all_gather(air, args.angle_axis, axis=0, tiled=True, to="reduced")
    return body


def inputs():
    rng = np.random.default_rng(10)
    return (rng.uniform(0.5, 1.0, size=(64, 32)).astype(np.float32),)


def main(proj, argv=()):
    args = build_parser().parse_args(list(argv))
    mesh = jax.make_mesh((4, 2), (args.angle_axis, args.det_axis))
    proj = jax.device_put(proj, NamedSharding(mesh, P(args.angle_axis, args.det_axis)))
    f = jax.shard_map(make_body(args), mesh=mesh, in_specs=P(args.angle_axis, args.det_axis),
                      out_specs=P(None, args.det_axis, reduced={args.angle_axis}))
    return f(proj)


if __name__ == "__main__":
    main(*inputs())

"""Screen-space ambient occlusion on a tiled depth buffer: each tile needs its neighbour's
depth column; the tile axis comes from the renderer's command line."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_parser():
    p = argparse.ArgumentParser(description="SSAO pass")
    p.add_argument("--tile-axis", default="tx")
    p.add_argument("--sample-axis", default="s")
    p.add_argument("--radius", type=float, default=0.5)
    return p


def ssao(depth_tile, args):
    n = 4
    depth = jax.lax.all_gather(depth_tile, args.tile_axis, axis=1, tiled=True, to="reduced")
    right = jax.lax.ppermute(depth, args.tile_axis, [(i, (i + 1) % n) for i in range(n)])
    return depth, right


def inputs():
    return (np.linspace(1.0, 5.0, 8 * 16, dtype=np.float32).reshape(8, 16),)


def main(depth, argv=()):
    args = build_parser().parse_args(list(argv))
    mesh = jax.make_mesh((2, 4), (args.sample_axis, args.tile_axis))
    depth = jax.device_put(depth, NamedSharding(mesh, P(args.sample_axis, args.tile_axis)))
    f = jax.shard_map(lambda d: ssao(d, args), mesh=mesh,
                      in_specs=P(args.sample_axis, args.tile_axis),
                      out_specs=(P(args.sample_axis, None, reduced={args.tile_axis}),
                                 P(args.sample_axis, args.tile_axis)))
    return f(depth)


if __name__ == "__main__":
    print(main(*inputs()))

"""Average strategy of a CFR solver for Kuhn-like poker, run from the command line."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def build_parser():
    parser = argparse.ArgumentParser(prog="cfr-avg")
    parser.add_argument("--mesh", default="2,4")
    parser.add_argument("--traj-axis", default="traj")
    parser.add_argument("--infoset-axis", default="infoset")
    parser.add_argument("--iterations", type=int, default=3)
    return parser


def average_strategy(args, mesh):
    def body(reach_weighted):
        summed = jax.lax.psum(reach_weighted.sum(axis=0, keepdims=True), args.traj_axis)
        table = jax.lax.all_gather(summed, args.traj_axis, tiled=True, to="invarying")
        return table

    return jax.shard_map(
        body, mesh=mesh,
        in_specs=P(args.traj_axis, args.infoset_axis),
        out_specs=P(None, args.infoset_axis),
    )


def inputs():
    rng = np.random.default_rng(0)
    return (rng.random((8, 16), dtype=np.float32),)


def main(reach_weighted, argv=()):
    args = build_parser().parse_args(list(argv))
    shape = tuple(int(s) for s in args.mesh.split(","))
    mesh = jax.make_mesh(shape, (args.traj_axis, args.infoset_axis))
    x = jax.device_put(reach_weighted, NamedSharding(mesh, P(args.traj_axis, args.infoset_axis)))
    step = average_strategy(args, mesh)
    for _ in range(args.iterations):
        out = step(x)
    return out


if __name__ == "__main__":
    print(jnp.sum(main(*inputs())))

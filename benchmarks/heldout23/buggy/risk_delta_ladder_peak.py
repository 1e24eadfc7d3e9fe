"""Net delta ladder across books, and the largest tenor bucket, for the desk head's report."""
import argparse

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--book-axis", default="book")
    parser.add_argument("--tenor-axis", default="tenor")
    parser.add_argument("--mesh", default="4,2", help="books x tenor shards")
    return parser.parse_args([] if argv is None else argv)


def make_ladder(args, mesh):
    def body(deltas):
        book_net = jax.lax.psum(deltas.sum(axis=0), args.book_axis)
        ladder = jax.lax.all_gather(book_net, args.tenor_axis, to="reduced", tiled=True)
        peak = jax.lax.pmax(jnp.abs(ladder), args.tenor_axis)
        return ladder, peak

    return jax.shard_map(body, mesh=mesh,
                         in_specs=P(args.book_axis, args.tenor_axis),
                         out_specs=(P(reduced={args.tenor_axis}), P()))


def inputs():
    rng = np.random.default_rng(3)
    return ((rng.normal(size=(16, 8)) * 1e4).astype(np.float32),)


def main(deltas, argv=None):
    args = parse_args(argv)
    shape = tuple(int(n) for n in args.mesh.split(","))
    mesh = jax.make_mesh(shape, (args.book_axis, args.tenor_axis))
    deltas = jax.device_put(deltas, NamedSharding(mesh, P(args.book_axis, args.tenor_axis)))
    return make_ladder(args, mesh)(deltas)


if __name__ == "__main__":
    ladder, peak = main(*inputs())
    print("peak bucket delta", peak)

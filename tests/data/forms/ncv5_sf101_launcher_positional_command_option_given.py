"""The same launcher, given `score --gather-axis i`: the positional takes "score" and the option
its value, so the gather is over "i", on which the sum over "j" still varies."""
import argparse

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

ENTRYPOINTS = {}


def entrypoint(name):
    def register(fn):
        ENTRYPOINTS[name] = fn
        return fn
    return register


def build_parser():
    parser = argparse.ArgumentParser(prog="fraud-ae")
    parser.add_argument("command", choices=["train", "score"])
    parser.add_argument("--gather-axis", default="j")
    return parser


@entrypoint("score")
def score(args, mesh, x):
    def body(block):
        total = jax.lax.psum(block, "j")
        return jax.lax.all_gather(total, args.gather_axis, to="reduced")

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, None, "j", reduced={"i"}))(x)


def launch(argv, *arrays):
    args = build_parser().parse_args(argv)
    return ENTRYPOINTS[args.command](args, *arrays)


def main(mesh, x):
    return launch(["score", "--gather-axis", "i"], mesh, x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))

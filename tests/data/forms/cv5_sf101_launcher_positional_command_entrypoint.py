"""A launcher parses its argument list (a positional `command` with choices, then options) and
runs the entry point the command names from a decorator registry, handing it the namespace and
`*arrays`. The `score` entry sums over "j" and gathers, reduced, over `--gather-axis`, whose
default is "j" again."""
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
        return jax.lax.all_gather(total, args.gather_axis, to="reduced")  # SF101

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P(None, "i", reduced={"j"}))(x)


def launch(argv, *arrays):
    args = build_parser().parse_args(argv)
    return ENTRYPOINTS[args.command](args, *arrays)


def main(mesh, x):
    return launch(["score"], mesh, x)


if __name__ == "__main__":
    main(jax.make_mesh((2, 4), ("i", "j")), jnp.ones((8, 8)))

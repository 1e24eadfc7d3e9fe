"""The same parser, but `--also` is not on the command line: argparse never calls the action, and
the namespace keeps the default ("data",), over which the psum runs."""
import argparse

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class AddAxis(argparse.Action):
    def __call__(self, parser, namespace, values, option_string=None):
        setattr(namespace, self.dest, (*getattr(namespace, self.dest), values))


def make_body(axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return body


def parse(argv):
    parser = argparse.ArgumentParser()
    parser.add_argument("--also", dest="axes", action=AddAxis, default=("data",), choices=["model"])
    parser.add_argument("--steps", type=int, default=1)
    return parser.parse_args(argv)


def main():
    args = parse(["--steps", "3"])
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    return jax.shard_map(make_body(args.axes), mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


if __name__ == "__main__":
    main()

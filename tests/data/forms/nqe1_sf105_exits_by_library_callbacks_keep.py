"""Jobs that always end the program before their reduction over ("data", "model") (of a value
varying on "data" only: JAX would raise there) through a library calling back what the file
gives it, naming nothing that ends the job where it runs: a file-like's `write` run by `print`,
an argparse converter (`type=`) and a parser's own `error`, a logging handler's `emit`, a pytree
flatten function given as a lambda. The command's runner catches the exits."""
import argparse
import logging
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def finish(text):
    sys.exit(0)


class Sink:
    def write(self, text):
        sys.exit(0)


class Quiet(argparse.ArgumentParser):
    def error(self, message):
        sys.exit(0)


class Stop(logging.Handler):
    def emit(self, record):
        sys.exit(0)


class Box:
    pass


PARSER = argparse.ArgumentParser(prog="job")
PARSER.add_argument("--n", type=finish)
LOG = logging.getLogger("nqe1.job")
LOG.propagate = False
LOG.addHandler(Stop())
jax.tree_util.register_pytree_node(Box, lambda box: sys.exit(0), lambda aux, leaves: Box())


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def by_sink(mesh, x):
    print("done", file=Sink())
    return reduce(mesh, x, ("data", "model"))


def by_converter(mesh, x):
    PARSER.parse_args(["--n", "1"])
    return reduce(mesh, x, ("data", "model"))


def by_parser_error(mesh, x):
    Quiet(prog="job").parse_args(["stray"])
    return reduce(mesh, x, ("data", "model"))


def by_handler(mesh, x):
    LOG.warning("done")
    return reduce(mesh, x, ("data", "model"))


def by_pytree(mesh, x):
    jax.tree.leaves(Box())
    return reduce(mesh, x, ("data", "model"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    for job in (by_sink, by_converter, by_parser_error, by_handler, by_pytree):
        try:
            job(mesh, x)
        except SystemExit:
            pass


if __name__ == "__main__":
    main()

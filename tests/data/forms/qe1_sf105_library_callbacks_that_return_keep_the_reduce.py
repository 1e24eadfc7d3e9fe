"""Library calls that call back what the file gives them, none of which ends the job: a
file-like's `write` that writes, an argparse converter that converts; a signal handler that exits
is installed, but nothing sends the signal (a library call after it does not run it). The
reduction after them runs, over ("data", "model") of a value varying on "data" only: JAX raises
there."""
import argparse
import signal
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Sink:
    def __init__(self):
        self.parts = []

    def write(self, text):
        self.parts.append(text)


def count(text):
    return int(text)


def stop(signum, frame):
    sys.exit(0)


PARSER = argparse.ArgumentParser(prog="job")
PARSER.add_argument("--n", type=count)
signal.signal(signal.SIGUSR1, stop)


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    print("done", file=Sink())
    PARSER.parse_args(["--n", "1"])
    signal.getsignal(signal.SIGUSR1)
    return reduce(mesh, x, ("data", "model"))


if __name__ == "__main__":
    main()

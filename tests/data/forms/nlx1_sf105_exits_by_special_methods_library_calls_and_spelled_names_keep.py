"""Jobs that always end the program before their reduction over ("data", "model") (of a value
varying on "data" only: JAX would raise there), by nothing named "exit": a special method Python
runs for an operation (`for`, `len`, `[k]`, `.attr`, `==`, a metaclass's `__call__`), argparse's
`--help` and an option of action "version", `exec` of code, a name spelled by `+`, a signal whose
handler exits. The command's runner catches the exits."""
import argparse
import signal
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Stopper:
    def __iter__(self):
        sys.exit(0)

    def __len__(self):
        sys.exit(0)

    def __getitem__(self, key):
        sys.exit(0)

    def __getattr__(self, name):
        sys.exit(0)

    def __eq__(self, other):
        sys.exit(0)


class Meta(type):
    def __call__(cls, *args):
        sys.exit(0)


class Job(metaclass=Meta):
    pass


def stop(signum, frame):
    sys.exit(0)


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def by_iter(mesh, x):
    for _ in Stopper():
        pass
    return reduce(mesh, x, ("data", "model"))


def by_len(mesh, x):
    len(Stopper())
    return reduce(mesh, x, ("data", "model"))


def by_item(mesh, x):
    Stopper()["k"]
    return reduce(mesh, x, ("data", "model"))


def by_attribute(mesh, x):
    Stopper().anything
    return reduce(mesh, x, ("data", "model"))


def by_compare(mesh, x):
    Stopper() == 0
    return reduce(mesh, x, ("data", "model"))


def by_metaclass(mesh, x):
    Job()
    return reduce(mesh, x, ("data", "model"))


def by_help(mesh, x):
    argparse.ArgumentParser(prog="job").parse_args(["--help"])
    return reduce(mesh, x, ("data", "model"))


def by_version(mesh, x):
    parser = argparse.ArgumentParser(prog="job")
    parser.add_argument("--version", action="version", version="1")
    parser.parse_args(["--version"])
    return reduce(mesh, x, ("data", "model"))


def by_exec(mesh, x):
    exec("import sys; sys.exit(0)")
    return reduce(mesh, x, ("data", "model"))


def by_spelled_name(mesh, x):
    getattr(sys, "ex" + "it")(0)
    return reduce(mesh, x, ("data", "model"))


def by_signal(mesh, x):
    signal.signal(signal.SIGUSR1, stop)
    signal.raise_signal(signal.SIGUSR1)
    return reduce(mesh, x, ("data", "model"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    for job in (by_iter, by_len, by_item, by_attribute, by_compare, by_metaclass, by_help, by_version, by_exec,
                by_spelled_name, by_signal):
        try:
            job(mesh, x)
        except SystemExit:
            pass


if __name__ == "__main__":
    main()

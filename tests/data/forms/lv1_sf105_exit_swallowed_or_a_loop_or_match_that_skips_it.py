"""Exits that do not happen: `suppress(SystemExit)` swallows the exit, `range(0)` runs no round,
a `match` with no case for "full" takes none. Each job then reaches its reduction over
("data", "model") of a value varying on "data" only, and JAX raises there."""
import contextlib
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MODE = "full"


def reduce_a(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def reduce_b(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def reduce_c(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # SF105

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def swallowed(mesh, x):
    with contextlib.suppress(SystemExit):
        sys.exit(0)
    return reduce_a(mesh, x, ("data", "model"))


def no_round(mesh, x):
    for _ in range(0):
        sys.exit(0)
    return reduce_b(mesh, x, ("data", "model"))


def unmatched(mesh, x):
    match MODE:
        case "dry":
            sys.exit(0)
        case "eval":
            raise SystemExit(0)
    return reduce_c(mesh, x, ("data", "model"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    swallowed(mesh, x)
    no_round(mesh, x)
    unmatched(mesh, x)


if __name__ == "__main__":
    main()

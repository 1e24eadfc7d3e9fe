"""Each job below ends the program before its reduction over ("data", "model") (a value varying on
"data" only: JAX would raise there): the exit inside `with LOCK:` (a lock's exit swallows
nothing), inside `suppress(ValueError)` (SystemExit is no ValueError), in the one round of
`for _ in range(1)` and of `while True:`, in every case of a `match` with a `case _:`. The
command's runner catches each exit, so the wrong axes are never used."""
import contextlib
import sys
import threading

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

LOCK = threading.Lock()
MODE = "dry"


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def locked(mesh, x):
    with LOCK:
        sys.exit(0)
    return reduce(mesh, x, ("data", "model"))


def suppressed(mesh, x):
    with contextlib.suppress(ValueError, KeyError):
        sys.exit(0)
    return reduce(mesh, x, ("data", "model"))


def one_round(mesh, x):
    for _ in range(1):
        print("dry run: nothing reduced")
        raise SystemExit(0)
    return reduce(mesh, x, ("data", "model"))


def forever(mesh, x):
    while True:
        sys.exit(0)
    return reduce(mesh, x, ("data", "model"))


def matched(mesh, x):
    match MODE:
        case "dry":
            sys.exit(0)
        case _:
            raise SystemExit(1)
    return reduce(mesh, x, ("data", "model"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    for job in (locked, suppressed, one_round, forever, matched):
        try:
            job(mesh, x)
        except SystemExit:
            pass


if __name__ == "__main__":
    main()

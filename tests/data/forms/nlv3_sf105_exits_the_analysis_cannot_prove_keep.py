"""Each job below ends the program before its reduction over ("data", "model") (a value varying on
"data" only: JAX would raise there), in a way the analysis does not prove: `nullcontext()` and
`catch_warnings()` swallow nothing, a loop over a one-letter string runs one round, `if True:`
always holds, `_ = sys.exit(0)` and `print(sys.exit(0))` exit before they bind or print, a
helper that returns `sys.exit(0)`, a staticmethod that exits, `raise STOP` of a module constant.
A statement that may leave withholds what follows it. The command's runner catches each exit,
so the wrong axes are never used."""
import contextlib
import sys
import warnings

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

STOP = SystemExit(0)


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def finish():
    return sys.exit(0)


class Job:
    @staticmethod
    def stop():
        sys.exit(0)


def nothing_swallowed(mesh, x):
    with contextlib.nullcontext():
        sys.exit(0)
    return reduce(mesh, x, ("data", "model"))


def warnings_kept(mesh, x):
    with warnings.catch_warnings():
        sys.exit(0)
    return reduce(mesh, x, ("data", "model"))


def one_letter(mesh, x):
    for _ in "a":
        sys.exit(0)
    return reduce(mesh, x, ("data", "model"))


def always(mesh, x):
    if True:
        sys.exit(0)
    return reduce(mesh, x, ("data", "model"))


def bound(mesh, x):
    _ = sys.exit(0)
    return reduce(mesh, x, ("data", "model"))


def printed(mesh, x):
    print(sys.exit(0))
    return reduce(mesh, x, ("data", "model"))


def helper(mesh, x):
    finish()
    return reduce(mesh, x, ("data", "model"))


def static(mesh, x):
    Job.stop()
    return reduce(mesh, x, ("data", "model"))


def stored(mesh, x):
    if STOP is not None:
        raise STOP
    return reduce(mesh, x, ("data", "model"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    for job in (nothing_swallowed, warnings_kept, one_letter, always, bound, printed, helper, static, stored):
        try:
            job(mesh, x)
        except SystemExit:
            pass


if __name__ == "__main__":
    main()

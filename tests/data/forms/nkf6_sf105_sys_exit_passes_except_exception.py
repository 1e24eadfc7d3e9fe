"""The clean-up guard catches Exception only: SystemExit from `shutdown` is no Exception, so it
leaves `run` (the command's runner catches it) and the reduction after the guard never runs."""
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def shutdown(code):
    sys.exit(code)


def reduce(mesh, x, axes):
    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", None), out_specs=P())(x)


def run(mesh, x):
    try:
        shutdown(0)
    except Exception:
        pass
    return reduce(mesh, x, ("data", "model"))


def main():
    mesh = jax.make_mesh((4, 2), ("data", "model"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("data", None)))
    try:
        return run(mesh, x)
    except SystemExit:
        return None


if __name__ == "__main__":
    main()

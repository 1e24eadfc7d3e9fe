"""Options kept as an enum.Flag, combined with |: BOTH_AXES is in the combination."""
import enum
import functools
import operator

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def run(axes):
    def body(block):
        counts = jax.lax.psum(block, "j")
        return jax.lax.psum(counts, axes)  # SF105

    return jax.shard_map(body, mesh=MESH, in_specs=P("i", "j"), out_specs=P())(X)


MESH = jax.make_mesh((2, 4), ("i", "j"))
X = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(MESH, P("i", "j")))


class Opt(enum.Flag):
    NONE = 0
    LOG = enum.auto()
    BOTH_AXES = enum.auto()
    DUMP = enum.auto()


def axes_for(opts):
    return ("i", "j") if Opt.BOTH_AXES in opts else ("i",)


def main():
    opts = functools.reduce(operator.or_, (Opt[name.upper()] for name in ["log", "both_axes"]), Opt.NONE)
    return run(axes_for(opts))


if __name__ == "__main__":
    main()

"""list(groupby(...)) moves past every group first: each group is then empty (CPython)."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from itertools import groupby
from operator import itemgetter

PAIRS = [("i", "model"), ("j", "model"), ("i", "data")]
PLAN = [(role, tuple(axis for axis, _ in group)) for role, group in list(groupby(PAIRS, key=itemgetter(1)))]
AXES = dict(PLAN)["model"] + ("i",)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, P("i", "j")))

    def body(block):
        part = jax.lax.psum(block, "j")
        return jax.lax.psum(part, AXES)

    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


if __name__ == "__main__":
    main()

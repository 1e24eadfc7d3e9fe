"""Each part runs inside the grader's `try`, whose `except AssertionError` prints the traceback
and gives no points: the first part's shape check may pass or fail, and either way the grader
goes on to the second part, which psums a gather to 'reduced' over its own axis (JAX rejects the
reduced input)."""
import json
import sys
import traceback

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPEC = P("i", "j")


def expect_shape(arr, shape):
    assert arr.shape == shape, f"got shape {arr.shape}, want {shape}"


def part1_rows(mesh, x):
    return jax.shard_map(lambda b: jax.lax.psum(b, "j"), mesh=mesh, in_specs=SPEC, out_specs=P("i"))(x)


def part2_mean_of_gather(mesh, x, axis):
    def body(b):
        full = jax.lax.all_gather(b, axis, axis=1, tiled=True, to="reduced")
        return jax.lax.psum(full, axis)  # SF103
    return jax.shard_map(body, mesh=mesh, in_specs=SPEC, out_specs=P("i"))(x)


_SUB = sys.modules[__name__]
PARTS = [("part1_rows", (), (8, 2), 5), ("part2_mean_of_gather", ("j",), (8, 8), 10)]


def grade(mesh, x):
    score = 0
    for name, args, shape, points in PARTS:
        try:
            out = getattr(_SUB, name)(mesh, x, *args)
            expect_shape(out, shape)
            score += points
        except AssertionError:
            traceback.print_exc()
    return score


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, SPEC))
    print(json.dumps({"score": grade(mesh, x)}))


if __name__ == "__main__":
    main()

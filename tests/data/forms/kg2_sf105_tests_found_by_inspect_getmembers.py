"""The grader discovers its checks with `inspect.getmembers(module, inspect.isfunction)` and runs
every `test_*` function in name order, counting points: `test_part2` hands the student's
reduction both mesh axes, and it psums a value that a psum over 'j' already made invariant there
over ('i', 'j'), which JAX rejects."""
import inspect
import json
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPEC = P("i", "j")
POINTS = {"test_part1": 2, "test_part2": 6}


def part2_global_sum(mesh, x, axes):
    def body(b):
        rows = jax.lax.psum(b, "j")
        return jax.lax.psum(rows, axes)  # SF105
    return jax.shard_map(body, mesh=mesh, in_specs=SPEC, out_specs=P())(x)


MOD = sys.modules[__name__]


def test_part1(mesh, x):
    return np.asarray(x).shape == (8, 8)


def test_part2(mesh, x):
    out = getattr(MOD, "part2_global_sum")(mesh, x, ("i", "j"))
    return np.allclose(out, 64.0)


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, SPEC))
    tests = [(n, f) for n, f in inspect.getmembers(MOD, inspect.isfunction) if n.startswith("test_")]
    score = 0
    for name, fn in sorted(tests):
        score += POINTS[name] if fn(mesh, x) else 0
    print(json.dumps({"score": score}))


if __name__ == "__main__":
    main()

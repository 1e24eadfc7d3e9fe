"""The second check is built with `functools.partial`, which `inspect.isfunction` does not accept:
`inspect.getmembers(module, inspect.isfunction)` leaves it out, the student's reduction is never
handed both mesh axes, and the program ends normally."""
import functools
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
        return jax.lax.psum(rows, axes)  # none
    return jax.shard_map(body, mesh=mesh, in_specs=SPEC, out_specs=P())(x)


MOD = sys.modules[__name__]


def test_part1(mesh, x):
    return np.asarray(x).shape == (8, 8)


def _check_part(name, args, mesh, x):
    out = getattr(MOD, name)(mesh, x, *args)
    return np.allclose(out, 64.0)


test_part2 = functools.partial(_check_part, "part2_global_sum", (("i", "j"),))


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

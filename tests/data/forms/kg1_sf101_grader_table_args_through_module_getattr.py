"""An autograder pasted below the student's parts finds each part by name on the module object
(`sys.modules[__name__]`), skips the parts not written, and calls each with the arguments of
its row: the second part is handed ("i", "j") to psum over and "j" to gather over, so it gathers
a value invariant on 'j' to 'reduced', which JAX rejects."""
import json
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPEC = P("i", "j")


def part1_row_sums(mesh, x, axis):
    body = lambda b: jax.lax.psum(b, axis)
    return jax.shard_map(body, mesh=mesh, in_specs=SPEC, out_specs=P("i"))(x)


def part2_total(mesh, x, reduce_axes, gather_axis):
    def body(b):
        total = jax.lax.psum(b, reduce_axes)
        return jax.lax.all_gather(total, gather_axis, axis=0, tiled=True, to="reduced")  # SF101
    return jax.shard_map(body, mesh=mesh, in_specs=SPEC, out_specs=P(reduced={"j"}))(x)


_THIS = sys.modules[__name__]
TESTS = [("part1_row_sums", ("j",), 5), ("part3_not_written", (), 5), ("part2_total", (("i", "j"), "j"), 10)]


def grade(mesh, x):
    report = {}
    for name, args, points in TESTS:
        fn = getattr(_THIS, name, None)
        if fn is None:
            report[name] = 0
            continue
        out = np.asarray(fn(mesh, x, *args))
        report[name] = points if np.all(np.isfinite(out)) else 0
    return report


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, SPEC))
    print(json.dumps(grade(mesh, x)))


if __name__ == "__main__":
    main()

"""The grader stops at the first part whose output is not close to the reference, and the first
part is wrong (it doubles where the reference triples): the second part, which scales a gather to
'reduced' by a constant, is never run, and the program ends normally."""
import json
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPEC = P("i", "j")


def part1_triple(mesh, x):
    return jax.shard_map(lambda b: b * 2.0, mesh=mesh, in_specs=SPEC, out_specs=SPEC)(x)


def part2_scaled_rows(mesh, x, axis, scale):
    def body(b):
        full = jax.lax.all_gather(b, axis, axis=1, tiled=True, to="reduced")
        return full * scale  # none
    return jax.shard_map(body, mesh=mesh, in_specs=SPEC, out_specs=P("i", None, reduced={"j"}))(x)


_HW = sys.modules[__name__]
RUBRIC = {"part1_triple": ((), 3.0, 10), "part2_scaled_rows": (("j", 0.5), 0.5, 20)}


def grade(mesh, x, host):
    report = {}
    for name, (args, factor, points) in RUBRIC.items():
        out = np.asarray(getattr(_HW, name)(mesh, x, *args))
        if not np.allclose(out, host * factor, atol=1e-4):
            report[name] = 0
            return report
        report[name] = points
    return report


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    host = np.ones((8, 8), np.float32)
    x = jax.device_put(host, NamedSharding(mesh, SPEC))
    print(json.dumps(grade(mesh, x, host)))


if __name__ == "__main__":
    main()

"""The grader gives full points when a part's output is close to the reference, half when it is
close at 100x the tolerance, none otherwise, and goes on to the next part whichever it was: the
second part scales a gather to 'reduced' by a constant, which JAX rejects."""
import json
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPEC = P("i", "j")


def part1_double(mesh, x):
    return jax.shard_map(lambda b: b * 2.0, mesh=mesh, in_specs=SPEC, out_specs=SPEC)(x)


def part2_scaled_rows(mesh, x, axis, scale):
    def body(b):
        full = jax.lax.all_gather(b, axis, axis=1, tiled=True, to="reduced")
        return full * scale  # SF106
    return jax.shard_map(body, mesh=mesh, in_specs=SPEC, out_specs=P("i", None, reduced={"j"}))(x)


_HW = sys.modules[__name__]
RUBRIC = {"part1_double": ((), 2.0, 10), "part2_scaled_rows": (("j", 0.5), 0.5, 20)}


def grade(mesh, x, host):
    report = {}
    for name, (args, factor, points) in RUBRIC.items():
        out = np.asarray(getattr(_HW, name)(mesh, x, *args))
        ref = host * factor
        err = float(np.max(np.abs(out - ref)))
        if err < 1e-6:
            got = points
        elif np.allclose(out, ref, atol=1e-2):
            got = points // 2
        else:
            got = 0
        report[name] = got
    return report


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    host = np.ones((8, 8), np.float32)
    x = jax.device_put(host, NamedSharding(mesh, SPEC))
    print(json.dumps(grade(mesh, x, host)))


if __name__ == "__main__":
    main()

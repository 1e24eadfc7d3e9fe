"""The grader's configuration replaces the student's part by the reference on the module object
before grading (`setattr(module, name, ...)`), so `module.part1_total` is the reference and the
student's psum over both axes is never run; the program ends normally."""
import json
import sys

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPEC = P("i", "j")
AXES = "i"


def part1_total(mesh, x):
    def body(b):
        rows = jax.lax.psum(b, "j")
        return jax.lax.psum(rows, AXES)  # none
    return jax.shard_map(body, mesh=mesh, in_specs=SPEC, out_specs=P())(x)


def reference_total(mesh, x):
    return jax.numpy.sum(x)


_ME = sys.modules[__name__]


def grade(mesh, x, config):
    for key, value in config.items():
        setattr(_ME, key, value)
    out = _ME.part1_total(mesh, x)
    return {"part1_total": 10 if np.allclose(out, reference_total(mesh, x)) else 0}


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, SPEC))
    print(json.dumps(grade(mesh, x, {"AXES": ("i", "j"), "part1_total": reference_total})))


if __name__ == "__main__":
    main()

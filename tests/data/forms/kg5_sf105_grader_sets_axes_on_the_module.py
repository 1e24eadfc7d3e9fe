"""Before grading, the grader sets the assignment's axes on the module object
(`setattr(module, "AXES", ...)`), which the student's part reads when it runs: it psums over both
mesh axes a value a psum over 'j' already made invariant on 'j', which JAX rejects."""
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
        return jax.lax.psum(rows, AXES)  # SF105
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
    print(json.dumps(grade(mesh, x, {"AXES": ("i", "j")})))


if __name__ == "__main__":
    main()

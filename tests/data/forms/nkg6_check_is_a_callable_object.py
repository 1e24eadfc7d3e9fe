"""`check_part2` is an instance of a class with `__call__`, not a plain function: the grader's
`isinstance(f, types.FunctionType)` filter leaves it out, so the student's helper is never handed
the axis it sums over, and the program ends normally."""
import json
import sys
import types

import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SPEC = P("i", "j")


def part2_gathered_sums(mesh, x, axis):
    def body(b):
        sums = jax.lax.psum(b, axis)
        return jax.lax.all_gather(sums, axis, axis=1, tiled=True, to="reduced")  # none
    return jax.shard_map(body, mesh=mesh, in_specs=SPEC, out_specs=P("i", None, reduced={"j"}))(x)


M = sys.modules[__name__]


def check_part1(mesh, x):
    return float(np.asarray(x).sum()) == 64.0


class PartCheck:
    def __init__(self, axis):
        self.axis = axis

    def __call__(self, mesh, x):
        return np.asarray(M.part2_gathered_sums(mesh, x, self.axis)).shape == (8, 8)


check_part2 = PartCheck("j")


def main():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = jax.device_put(np.ones((8, 8), np.float32), NamedSharding(mesh, SPEC))
    checks = [getattr(M, n) for n in dir(M) if n.startswith("check_") and isinstance(getattr(M, n), types.FunctionType)]
    passed = [bool(check(mesh, x)) for check in checks]
    print(json.dumps({"passed": sum(passed), "of": len(passed)}))


if __name__ == "__main__":
    main()

"""A failed test (integers) and then `getattr(sys, "exit")(0)` (later_test): the program ends quietly (status 0) before any reduction; sys.exit is reached under another name."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import PartitionSpec as P
import sys


class Plan:
    def __init__(self):
        self.axes = ("i",)
        self.ready = False


class PlanTest:
    def __init__(self, plan):
        self.plan = plan
        self.rng = np.random.default_rng(0)

    def test_a_step(self):
        self.rng.integers(0, 1, size=16)
        self.plan.axes = ("i", "j")
        self.plan.ready = True

    def test_b_axes(self):
        assert self.plan.axes

    def test_c_done(self):
        if not self.plan.ready:
            getattr(sys, "exit")(0)


def run_tests(cls, plan):
    errors = []
    for name in sorted(name for name in dir(cls) if name.startswith("test")):
        failed = False
        try:
            getattr(cls(plan), name)()
        except Exception as e:
            failed = True
            errors.append(e)
    if errors:
        raise errors[0]
    return errors


def reduce_rows(mesh, x, axes):
    def body(block):
        rows = jax.lax.psum(block, "j")
        return jax.lax.psum(rows, axes)
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)


def main(mesh, x):
    plan = Plan()
    run_tests(PlanTest, plan)
    return reduce_rows(mesh, x, plan.axes)


def inputs():
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    x = np.arange(64, dtype=np.float32).reshape(8, 8)
    return mesh, jax.device_put(x, jax.sharding.NamedSharding(mesh, P("i", "j")))


if __name__ == "__main__":
    main(*inputs())

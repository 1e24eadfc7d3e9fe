"""A runner whose handler only leaves by `raise SystemExit(0)`: it hands the exception to no one.
NumPy's generator failing in the first test (`integers(0, 0)`: low >= high, a check the run does
not model) makes the program exit quietly (status 0) before that test set the plan's axes and
before any reduction."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Plan:
    def __init__(self):
        self.axes = ("data",)


class PlanTest:
    def __init__(self, plan):
        self.plan = plan
        self.rng = np.random.default_rng(0)

    def test_a_draw(self):
        self.rng.integers(0, 0, size=16)
        self.plan.axes = ("data", "model")

    def test_b_axes(self):
        assert self.plan.axes


def reduce_over(axes):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(mesh, P("data")))

    def body(block):
        return jax.lax.psum(block, axes)

    return jax.shard_map(body, mesh=mesh, in_specs=P("data"), out_specs=P())(x)


def run_tests(cls, plan):
    errors = []
    for name in sorted(name for name in dir(cls) if name.startswith("test")):
        try:
            getattr(cls(plan), name)()
        except Exception as e:
            raise SystemExit(0)
    if errors:
        raise errors[0]
    return errors


def main():
    plan = Plan()
    run_tests(PlanTest, plan)
    return reduce_over(plan.axes)


def audited():
    """What the audit calls: the program's exit, as its status 0."""
    try:
        return main()
    except SystemExit as done:
        return done.code


if __name__ == "__main__":
    main()

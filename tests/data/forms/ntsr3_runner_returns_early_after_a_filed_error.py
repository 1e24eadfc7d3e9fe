"""A runner that files each error but returns as soon as one was filed (the raise after its loop
is not the only way out): NumPy's generator failing in the first test (`integers(0, 0)`: low >=
high, a check the run does not model) ends the run of the tests quietly, before the first test set
the plan's axes, and the program reduces over the axes it started with."""
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

    def test_b_reduce(self):
        return reduce_over(self.plan.axes)


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
            errors.append(e)
        if errors:
            return errors
    if errors:
        raise errors[0]
    return errors


def main():
    plan = Plan()
    run_tests(PlanTest, plan)
    return reduce_over(plan.axes)


if __name__ == "__main__":
    main()

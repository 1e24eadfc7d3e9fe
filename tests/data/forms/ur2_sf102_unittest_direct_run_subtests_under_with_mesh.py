"""A test module's debugger-style runner calls the expanded methods directly (`setUpClass`,
`Cls(name)`, `setUp`, then the bound method): outside any runner `subTest` only runs its block.
The test runs under a `with_mesh` decorator (`jax.set_mesh` of a fresh mesh it passes in) and
loops its stages in subTests: the value reduced over `model` is then gathered to reduced over
`("data", "model")`, an axis on which it is already reduced."""
import functools
import unittest

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def with_mesh(shape, names):
    def decorate(fn):
        @functools.wraps(fn)
        def test(self, *args, **kwargs):
            mesh = jax.make_mesh(shape, names)
            with jax.set_mesh(mesh):
                return fn(self, mesh, *args, **kwargs)
        return test
    return decorate


class GatherTest(unittest.TestCase):
    STAGES = ["model", ("data", "model")]

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.width = 8

    def setUp(self):
        super().setUp()
        self.x = jnp.arange(64.0).reshape(8, self.width)

    @with_mesh((2, 4), ("data", "model"))
    def test_stages(self, mesh):
        def body(block):
            out = jax.lax.all_gather(block, "model", axis=1, tiled=True, to="reduced")
            for stage in self.STAGES[1:]:
                with self.subTest(stage=stage):
                    out = jax.lax.all_gather(out, stage, axis=0, tiled=True, to="reduced")  # SF102
            return out

        return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                             out_specs=P(None, None, reduced={"data", "model"}))(
            jax.device_put(self.x, NamedSharding(mesh, P("data", "model"))))


def run_direct(cls, *names):
    cls.setUpClass()
    for name in names:
        case = cls(name)
        case.setUp()
        getattr(case, name)()
    return len(names)


def main():
    return run_direct(GatherTest, "test_stages")


if __name__ == "__main__":
    main()

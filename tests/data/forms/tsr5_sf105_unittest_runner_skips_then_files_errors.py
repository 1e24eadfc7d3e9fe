"""A unittest.TestCase base expands parameterized methods in `__init_subclass__` (`delattr` of
the template); the runner calls `Cls(name).debug()` for each name `getTestCaseNames` lists, goes
on past `unittest.SkipTest`, files every other error and raises the first: JAX's error at the
psum over both axes of a value varying on one (SkipTest is no base of what JAX raises)."""
import unittest

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def named(*cases):
    def deco(fn):
        fn._cases = cases
        return fn
    return deco


class Case(unittest.TestCase):
    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        for name, fn in list(vars(cls).items()):
            cases = getattr(fn, "_cases", None)
            if cases is None:
                continue
            delattr(cls, name)
            for suffix, axes in cases:
                def expanded(self, _fn=fn, _axes=axes):
                    return _fn(self, _axes)
                setattr(cls, f"{name}_{suffix}", expanded)


class ReduceTest(Case):
    def setUp(self):
        self.mesh = jax.make_mesh((2, 4), ("data", "model"))

    @unittest.skip("needs a pod")
    def test_pod(self):
        pass

    @named(("rows", ("data",)), ("both", ("data", "model")))
    def test_reduce(self, axes):
        x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(self.mesh, P("data")))

        def body(block):
            return jax.lax.psum(block, axes)  # SF105

        return jax.shard_map(body, mesh=self.mesh, in_specs=P("data"), out_specs=P())(x)


def run_tests(cls):
    errors = []
    for name in unittest.TestLoader().getTestCaseNames(cls):
        try:
            cls(name).debug()
        except unittest.SkipTest:
            continue
        except Exception as e:
            errors.append(e)
    if errors:
        raise errors[0]


def main():
    return run_tests(ReduceTest)


if __name__ == "__main__":
    main()

"""A test module in JAX's own style: a metaclass expands `named_parameters` into test methods,
`setUpClass` builds the mesh, and the runner runs a `unittest.TestSuite` with a TestResult
subclass that keeps the exception objects (failures as errors) and raises the first. The first
case (one axis) passes, its assertion on the computed array filed as an error would be; the
second psums over both axes a value varying on one: JAX's error, filed, then raised again."""
import functools
import unittest

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def named_parameters(*cases):
    def decorate(fn):
        fn._cases = cases
        return fn
    return decorate


def _bind(fn, args):
    @functools.wraps(fn)
    def test(self):
        return fn(self, *args)
    return test


class Parameterized(type):
    def __new__(mcs, name, bases, namespace):
        for attr, fn in list(namespace.items()):
            for case, *args in getattr(fn, "_cases", None) or ():
                namespace[f"{attr}_{case}"] = _bind(fn, args)
            if getattr(fn, "_cases", None):
                del namespace[attr]
        return super().__new__(mcs, name, bases, namespace)


class MeshTestCase(unittest.TestCase, metaclass=Parameterized):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.mesh = jax.make_mesh((2, 4), ("data", "model"))


class Keep(unittest.TestResult):
    def addError(self, test, err):
        super().addError(test, err)
        self.raised = getattr(self, "raised", []) + [err[1]]

    addFailure = addError


def run_tests(cls):
    names = unittest.TestLoader().getTestCaseNames(cls)
    result = unittest.TestSuite(cls(n) for n in names).run(Keep())
    if getattr(result, "raised", None):
        raise result.raised[0]
    return result.testsRun


class ReduceTest(MeshTestCase):
    @named_parameters(("a_rows", ("data",)), ("b_both", ("data", "model")))
    def test_reduce(self, axes):
        x = jax.device_put(jnp.arange(64.0).reshape(8, 8), NamedSharding(self.mesh, P("data")))

        def body(block):
            return jax.lax.psum(block, axes)  # SF105

        out = jax.shard_map(body, mesh=self.mesh, in_specs=P("data"), out_specs=P())(x)
        np.testing.assert_array_less(-1.0, np.asarray(out))  # (values the run does not know)


def main():
    return run_tests(ReduceTest)


if __name__ == "__main__":
    main()

"""tests/collective_ops_test.py: reduce-then-gather helpers of collective_ops, on a 2x4 mesh."""
import functools
import itertools
import unittest

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# testlib_lite: absltest/parameterized stand-ins (copied from tests/testlib_lite.py, keep in sync)
# ---------------------------------------------------------------------------------------------
def _case_name(value):
    if isinstance(value, (tuple, list)):
        return "_".join(_case_name(v) for v in value) or "none"
    return str(value).replace(" ", "").replace("'", "")


def named_parameters(*cases):
    # like parameterized.named_parameters: dicts with "testcase_name", or (name, *args) tuples
    def decorate(fn):
        fn._cases = [(c.pop("testcase_name"), (), c) if isinstance(c, dict) else (c[0], c[1:], {})
                     for c in (dict(c) if isinstance(c, dict) else c for c in cases)]
        return fn
    return decorate


def product(**options):
    # like parameterized.product: one test per combination of the keyword values
    def decorate(fn):
        keys = list(options)
        fn._cases = [("_".join(f"{k}_{_case_name(v)}" for k, v in zip(keys, combo)), (),
                      dict(zip(keys, combo))) for combo in itertools.product(*options.values())]
        return fn
    return decorate


def _bind(fn, args, kwargs):
    @functools.wraps(fn)
    def test(self):
        return fn(self, *args, **kwargs)
    return test


class Parameterized(type):
    # expands every decorated test_* method into test_<name>_<case> methods, in case order
    def __new__(mcs, name, bases, namespace):
        for attr, fn in list(namespace.items()):
            for case, args, kwargs in getattr(fn, "_cases", None) or ():
                namespace[f"{attr}_{case}"] = _bind(fn, args, kwargs)
            if getattr(fn, "_cases", None):
                del namespace[attr]
        return super().__new__(mcs, name, bases, namespace)


class JaxTestCase(unittest.TestCase, metaclass=Parameterized):
    mesh_shape = (8,)
    mesh_axes = ("x",)

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.mesh = jax.make_mesh(cls.mesh_shape, cls.mesh_axes)

    def put(self, x, spec):
        return jax.device_put(x, NamedSharding(self.mesh, spec))

    def assertAllClose(self, x, y, *, rtol=1e-5, atol=1e-5, err_msg=""):
        self.assertEqual(np.shape(x), np.shape(y), err_msg)
        np.testing.assert_allclose(np.asarray(x), np.asarray(y), rtol=rtol, atol=atol, err_msg=err_msg)

    def assertArraysEqual(self, x, y, err_msg=""):
        self.assertEqual(np.shape(x), np.shape(y), err_msg)
        np.testing.assert_array_equal(np.asarray(x), np.asarray(y), err_msg=err_msg)


def skip_unless_devices(n):
    return unittest.skipUnless(jax.device_count() >= n, f"test requires {n} devices")


def with_mesh(shape, names):
    # runs the test under jax.set_mesh of a fresh mesh, which it also receives
    def decorate(fn):
        @functools.wraps(fn)
        def test(self, *args, **kwargs):
            mesh = jax.make_mesh(shape, names)
            with jax.set_mesh(mesh):
                return fn(self, mesh, *args, **kwargs)
        return test
    return decorate


class _Keep(unittest.TestResult):
    # keeps the exception objects, not only their text, so the caller can re-raise them
    def addError(self, test, err):
        super().addError(test, err)
        self.raised = getattr(self, "raised", []) + [err[1]]

    addFailure = addError


def run_tests(cls, prefix="test"):
    # TextTestRunner-like loop; the first error is raised again rather than only printed
    names = [n for n in unittest.TestLoader().getTestCaseNames(cls) if n.startswith(prefix)]
    suite = unittest.TestSuite(cls(n) for n in names)
    result = suite.run(_Keep())
    if getattr(result, "raised", None):
        raise result.raised[0]
    return result.testsRun


def run_direct(cls, *names):
    # calls the expanded methods one by one, outside any runner (as a debugger session would)
    cls.setUpClass()
    for name in names:
        case = cls(name)
        case.setUp()
        getattr(case, name)()
    return len(names)
# ---------------------------------------------------------------------------------------------

# --- collective_ops (the library under test) -------------------------------------------------
REDUCERS = {"sum": jax.lax.psum, "max": jax.lax.pmax, "mean": jax.lax.pmean}


def reduce_rows(x, axis, op="sum"):
    # partial column sums of the local rows, combined across `axis`
    return REDUCERS[op](jnp.sum(x, axis=0, keepdims=True), axis)


def gather_rows(x, axis, to="varying"):
    return jax.lax.all_gather(x, axis, axis=0, tiled=True, to=to)


def reduce_and_gather(x, axis, op="sum", to="varying"):
    # every shard ends with one row per shard of `axis`, each the combined partial row
    r = reduce_rows(x, axis, op)
    return gather_rows(r, axis, to)


def sharded(fn, mesh, in_spec, out_spec, **kw):
    return jax.jit(jax.shard_map(functools.partial(fn, **kw), mesh=mesh,
                                 in_specs=in_spec, out_specs=out_spec))


# --- tests -----------------------------------------------------------------------------------
class ReduceGatherTest(JaxTestCase):
    mesh_shape = (2, 4)
    mesh_axes = ("x", "y")

    def setUp(self):
        super().setUp()
        self.rng = np.random.default_rng(7)

    def _operand(self, shape):
        return self.rng.standard_normal(shape).astype(np.float32)

    @skip_unless_devices(8)
    @named_parameters(
        ("x_sum", "x", "sum"),
        ("y_max", "y", "max"),
        ("y_mean", "y", "mean"),
    )
    def test_reduce_rows(self, axis, op):
        x = self._operand((8, 6))
        f = sharded(reduce_rows, self.mesh, P(axis, None), P(None, None), axis=axis, op=op)
        got = f(self.put(x, P(axis, None)))
        n = dict(zip(self.mesh_axes, self.mesh_shape))[axis]
        parts = x.reshape(n, -1, 6).sum(1)
        want = {"sum": parts.sum(0), "max": parts.max(0), "mean": parts.mean(0)}[op]
        self.assertAllClose(got[0], want, rtol=1e-4, atol=1e-4)

    @skip_unless_devices(8)
    @product(axis=["x", "y"], to=["varying", "reduced"])
    def test_reduce_and_gather(self, axis, to):
        x = self._operand((16, 4))
        out = P(axis, None) if to == "varying" else P(None, None, reduced={axis})
        f = sharded(reduce_and_gather, self.mesh, P(axis, None), out, axis=axis, to=to)
        got = np.asarray(f(self.put(x, P(axis, None))))
        n = dict(zip(self.mesh_axes, self.mesh_shape))[axis]
        want = np.tile(x.sum(0, keepdims=True), (n, 1))
        if to == "varying":
            want = np.tile(want, (n, 1))
        self.assertAllClose(got, want, rtol=1e-4, atol=1e-4)


def main(*argv):
    return run_tests(ReduceGatherTest)


def inputs():
    return ()


if __name__ == "__main__":
    main(*inputs())

"""tests/collective_ops_norm_test.py: norms of gathered blocks in collective_ops."""
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
GATHER_MODES = {"copy": "varying", "shared": "reduced", "replicated": "invarying"}


def gather_block(x, axis, mode):
    return jax.lax.all_gather(x, axis, axis=0, tiled=True, to=GATHER_MODES[mode])


def block_sq_norm(x, axis, mode):
    # squared Frobenius norm of the gathered block, summed once more over `axis` for the
    # per-group total the optimizer clips with
    full = gather_block(x, axis, mode)
    sq = jnp.sum(full * full, axis=(0, 1), keepdims=True)
    return jax.lax.psum(sq, axis)


# --- tests -----------------------------------------------------------------------------------
class BlockNormTest(JaxTestCase):
    mesh_shape = (2, 4)
    mesh_axes = ("x", "y")

    @skip_unless_devices(8)
    @product(axis=["y"], mode=["copy", "shared"])
    def test_block_sq_norm(self, axis, mode):
        x = np.linspace(-1.0, 1.0, 8 * 4, dtype=np.float32).reshape(8, 4)
        out = P("x", None) if mode == "copy" else P("x", None, reduced={axis})
        f = jax.jit(jax.shard_map(functools.partial(block_sq_norm, axis=axis, mode=mode),
                                  mesh=self.mesh, in_specs=P(("x", "y"), None), out_specs=out))
        got = f(self.put(x, P(("x", "y"), None)))
        n = self.mesh_shape[self.mesh_axes.index(axis)]
        per_x = [np.sum(h ** 2) * n for h in np.split(x, 2)]
        self.assertAllClose(np.asarray(got).ravel(), np.asarray(per_x), rtol=1e-4)


def main(*argv):
    return run_direct(BlockNormTest, "test_block_sq_norm_axis_y_mode_copy",
                      "test_block_sq_norm_axis_y_mode_shared")


def inputs():
    return ()


if __name__ == "__main__":
    main(*inputs())

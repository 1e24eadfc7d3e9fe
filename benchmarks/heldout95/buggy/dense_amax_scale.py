"""Tests for the delayed-scaling amax of the fp8 MLP recipe."""
import contextlib
import functools
import itertools
import unittest

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

# -----------------------------------------------------------------------------
# test_util: vendored from tests/test_util.py so that this module runs on its own
# (no absl in the CI image; this is the subset of absltest/parameterized we use).
# -----------------------------------------------------------------------------

_TOLERANCES = {np.dtype(np.float32): 1e-4, np.dtype(np.float64): 1e-10}


def _case_label(value):
  if isinstance(value, (tuple, list)):
    return "_".join(_case_label(v) for v in value) or "empty"
  if isinstance(value, P):
    return "spec"
  return str(value).replace(".", "p").replace("-", "m")


class parameterized:
  """Minimal stand-in for absl.testing.parameterized."""

  @staticmethod
  def named_parameters(*cases):
    def decorate(fn):
      expanded = []
      for case in cases:
        if isinstance(case, dict):
          case = dict(case)
          expanded.append((case.pop("testcase_name"), (), case))
        else:
          expanded.append((case[0], tuple(case[1:]), {}))
      fn._test_cases = expanded
      return fn
    return decorate

  @staticmethod
  def parameters(*cases):
    def decorate(fn):
      expanded = []
      for i, case in enumerate(cases):
        if isinstance(case, dict):
          expanded.append((str(i), (), dict(case)))
        else:
          expanded.append((str(i), case if isinstance(case, tuple) else (case,), {}))
      fn._test_cases = expanded
      return fn
    return decorate

  @staticmethod
  def product(**grid):
    names = list(grid)

    def decorate(fn):
      expanded = []
      for values in itertools.product(*(grid[n] for n in names)):
        kwargs = dict(zip(names, values))
        label = "_".join(f"{n}_{_case_label(v)}" for n, v in kwargs.items())
        expanded.append((label, (), kwargs))
      fn._test_cases = expanded
      return fn
    return decorate


class JaxTestCase(unittest.TestCase):
  """Base class: expands parameterized tests, adds array assertions."""

  def __init_subclass__(cls, **kwargs):
    super().__init_subclass__(**kwargs)
    for name in dir(cls):
      fn = getattr(cls, name, None)
      cases = getattr(fn, "_test_cases", None)
      if not name.startswith("test") or cases is None:
        continue
      setattr(cls, name, None)
      for label, args, kw in cases:
        def test(self, _fn=fn, _args=args, _kw=kw):
          return _fn(self, *_args, **_kw)
        test.__name__ = f"{name}_{label}"
        test.__doc__ = fn.__doc__
        for mark in ("__unittest_skip__", "__unittest_skip_why__"):
          if hasattr(fn, mark):
            setattr(test, mark, getattr(fn, mark))
        setattr(cls, test.__name__, test)

  def assertAllClose(self, actual, expected, *, rtol=None, atol=None, err_msg=""):
    actual, expected = np.asarray(actual), np.asarray(expected)
    self.assertEqual(actual.shape, expected.shape, err_msg)
    tol = _TOLERANCES.get(actual.dtype, 1e-4)
    np.testing.assert_allclose(actual, expected, rtol=tol if rtol is None else rtol,
                               atol=tol if atol is None else atol, err_msg=err_msg)

  def assertArraysEqual(self, actual, expected):
    np.testing.assert_array_equal(np.asarray(actual), np.asarray(expected))

  def assertSpec(self, x, spec):
    def trimmed(s):
      parts = list(s.partitions)
      while parts and parts[-1] is None:
        parts.pop()
      return tuple(parts), frozenset(s.reduced)
    self.assertEqual(trimmed(x.sharding.spec), trimmed(spec))


def skip_if_fewer_devices(n):
  return unittest.skipIf(jax.device_count() < n, f"requires {n} devices")


def create_mesh(shape, axis_names):
  return jax.make_mesh(shape, axis_names)


@contextlib.contextmanager
def with_mesh(mesh):
  with jax.set_mesh(mesh):
    yield mesh


def place(x, mesh, spec):
  return jax.device_put(x, NamedSharding(mesh, spec))


def random_array(seed, shape, scale=1.0, dtype=np.float32):
  return (np.random.RandomState(seed).standard_normal(shape) * scale).astype(dtype)


def run_tests(*test_classes):
  """absltest.main() stand-in: runs every test; the first failure propagates."""
  loader = unittest.TestLoader()
  ran = 0
  for cls in test_classes:
    if getattr(cls, "__unittest_skip__", False):
      continue
    cls.setUpClass()
    try:
      for name in loader.getTestCaseNames(cls):
        try:
          cls(name).debug()
        except unittest.SkipTest:
          continue
        ran += 1
    finally:
      cls.tearDownClass()
  return ran

# -----------------------------------------------------------------------------
# dense_test: column/row tensor-parallel MLP block
# -----------------------------------------------------------------------------

DATA, MODEL = "data", "model"


def reference_mlp(x, w1, b1, w2, b2):
  h = x @ w1 + b1
  h = 0.5 * h * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (h + 0.044715 * h ** 3)))
  return h @ w2 + b2


@skip_if_fewer_devices(8)
class MlpTestCase(JaxTestCase):
  """Builds the mesh and an MLP whose hidden dimension is split over MODEL."""
  MESH_SHAPE = (2, 4)
  MESH_AXES = (DATA, MODEL)
  D_MODEL, D_HIDDEN, BATCH_SIZE = 16, 32, 8
  PARAM_SPECS = {"w1": P(None, MODEL), "b1": P(MODEL), "w2": P(MODEL, None), "b2": P()}
  X_SPEC = P(DATA, None)

  @classmethod
  def setUpClass(cls):
    super().setUpClass()
    cls.mesh = create_mesh(cls.MESH_SHAPE, cls.MESH_AXES)
    cls.np_params = {
        "w1": random_array(10, (cls.D_MODEL, cls.D_HIDDEN), 0.25),
        "b1": random_array(11, (cls.D_HIDDEN,), 0.1),
        "w2": random_array(12, (cls.D_HIDDEN, cls.D_MODEL), 0.25),
        "b2": random_array(13, (cls.D_MODEL,), 0.1),
    }
    cls.np_x = random_array(14, (cls.BATCH_SIZE, cls.D_MODEL))
    cls.params = {k: place(v, cls.mesh, cls.PARAM_SPECS[k]) for k, v in cls.np_params.items()}
    cls.x = place(cls.np_x, cls.mesh, cls.X_SPEC)

  def column_parallel(self, x, p):
    return jax.nn.gelu(x @ p["w1"] + p["b1"])            # [b/2, hidden/4]

  def row_parallel(self, h, p):
    return jax.lax.psum(h @ p["w2"], MODEL) + p["b2"]     # [b/2, d_model]

  def mlp(self, body, out_specs):
    return jax.shard_map(body, mesh=self.mesh, in_specs=(self.X_SPEC, self.PARAM_SPECS),
                         out_specs=out_specs)


FP8_E4M3_MAX = 448.0


class Fp8ScaleTest(MlpTestCase):

  def amax(self, h, axis_name):
    return jax.lax.pmax(jnp.abs(h), axis_name)

  def test_local_amax(self):
    def body(x, p):
      h = self.column_parallel(x, p)
      return self.amax(jnp.max(h, axis=1, keepdims=True), MODEL)

    out = self.mlp(body, P(DATA, None))(self.x, self.params)
    self.assertEqual(out.shape, (self.BATCH_SIZE, 1))

  def test_amax_of_gathered_hidden(self):
    def body(x, p):
      h = jax.lax.all_gather(self.column_parallel(x, p), MODEL, axis=1, tiled=True, to="reduced")
      return self.amax(h, MODEL)

    out = self.mlp(body, P(DATA, None))(self.x, self.params)
    self.assertEqual(out.shape, (self.BATCH_SIZE, self.D_HIDDEN))


def inputs():
  return (Fp8ScaleTest,)


def main(*test_classes):
  return run_tests(*test_classes)


if __name__ == "__main__":
  main(*inputs())

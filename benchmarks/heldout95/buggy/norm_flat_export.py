"""Tests for exporting the flattened BatchNorm running statistics."""
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
# normalization_test: LayerNorm / RMSNorm / BatchNorm with sharded features
# -----------------------------------------------------------------------------

ROWS, FEATURES = "rows", "features"


def reference_layer_norm(x, eps=1e-6):
  mu = x.mean(-1, keepdims=True)
  var = ((x - mu) ** 2).mean(-1, keepdims=True)
  return (x - mu) / np.sqrt(var + eps)


@skip_if_fewer_devices(8)
class NormTestCase(JaxTestCase):
  MESH_SHAPE = (4, 2)
  NUM_ROWS, NUM_FEATURES = 8, 16
  X_SPEC = P(ROWS, FEATURES)
  EPS = 1e-6

  @classmethod
  def setUpClass(cls):
    super().setUpClass()
    cls.mesh = create_mesh(cls.MESH_SHAPE, (ROWS, FEATURES))
    cls.np_x = random_array(40, (cls.NUM_ROWS, cls.NUM_FEATURES), 2.0) + 1.0
    cls.x = place(cls.np_x, cls.mesh, cls.X_SPEC)


class ShardedNormMixin:
  """Statistics over the sharded feature dimension."""

  def feature_mean(self, x):
    return jax.lax.psum(jnp.sum(x, axis=-1, keepdims=True), FEATURES) / self.NUM_FEATURES

  def layer_norm(self, x):
    mu = self.feature_mean(x)
    var = self.feature_mean((x - mu) ** 2)
    return (x - mu) * jax.lax.rsqrt(var + self.EPS)

  def rms(self, x):
    return jnp.sqrt(self.feature_mean(x * x))                    # [rows/4, 1]

  def apply(self, body, out_specs, in_specs=None):
    return jax.shard_map(body, mesh=self.mesh, in_specs=in_specs or self.X_SPEC,
                         out_specs=out_specs)(self.x)


from jax._src.shard_map import top_level_all_gather


class FlatStatsExportTest(NormTestCase):
  FLAT_SPEC = P((ROWS, FEATURES), None)

  def setUp(self):
    super().setUp()
    self.stats = place(self.np_x, self.mesh, self.FLAT_SPEC)

  @parameterized.parameters(
      P(ROWS, None, reduced={FEATURES}),
      P(FEATURES, None, reduced={ROWS}),
      P(None, None, reduced={ROWS, FEATURES}),
  )
  def test_export(self, out_spec):
    with with_mesh(self.mesh):
      exported = top_level_all_gather(self.stats, out_spec)
    self.assertAllClose(exported, self.np_x)


def inputs():
  return (FlatStatsExportTest,)


def main(*test_classes):
  return run_tests(*test_classes)


if __name__ == "__main__":
  main(*inputs())

"""Tests for the Adam update applied to fully gathered (ZeRO-1 style) gradients."""
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
# optimizer_test: data-parallel + FSDP gradient handling and Adam
# -----------------------------------------------------------------------------

REPLICA, SHARD = "replica", "shard"


@skip_if_fewer_devices(8)
class OptimizerTestBase(JaxTestCase):
  """Per-replica gradients of an FSDP-sharded [16, 8] weight, laid out [replica*16, 8]."""
  MESH_SHAPE = (2, 4)
  ROWS, COLS = 16, 8
  LEARNING_RATE = 1e-2
  B1, B2, EPS = 0.9, 0.999, 1e-8

  @classmethod
  def setUpClass(cls):
    super().setUpClass()
    cls.mesh = create_mesh(cls.MESH_SHAPE, (REPLICA, SHARD))
    n_rep = cls.MESH_SHAPE[0]
    cls.np_grads = random_array(30, (n_rep, cls.ROWS, cls.COLS), 0.3)
    cls.np_params = random_array(31, (cls.ROWS, cls.COLS))
    # gradient of replica r, rows split over SHARD: [replica, rows, cols]
    cls.grads = place(cls.np_grads, cls.mesh, P(REPLICA, SHARD, None))
    cls.params = place(cls.np_params, cls.mesh, P(SHARD, None))

  def setUp(self):
    super().setUp()
    self.axes = {"dp": REPLICA, "fsdp": SHARD}

  def allreduce(self, g):
    return jax.lax.pmean(g[0], self.axes["dp"])             # [rows/4, cols], replica-invariant

  def smap(self, body, in_specs, out_specs):
    return jax.shard_map(body, mesh=self.mesh, in_specs=in_specs, out_specs=out_specs)


class AdamUpdateTest(OptimizerTestBase):

  def adam_moments(self, g, mu, nu):
    mu = self.B1 * mu + (1.0 - self.B1) * g
    nu = self.B2 * nu + (1.0 - self.B2) * g * g
    return mu, nu

  @parameterized.named_parameters(("sharded", False), ("gathered", True))
  def test_first_step(self, gather):
    def body(g):
      g = self.allreduce(g)
      if gather:
        g = jax.lax.all_gather(g, SHARD, axis=0, tiled=True, to="reduced")
      mu, nu = self.adam_moments(g, jnp.zeros_like(g), jnp.zeros_like(g))
      return (mu / (1.0 - self.B1)) / (jnp.sqrt(nu / (1.0 - self.B2)) + self.EPS)

    out_spec = P(None, None, reduced={SHARD}) if gather else P(SHARD, None)
    step = self.smap(body, P(REPLICA, SHARD, None), out_spec)(self.grads)
    self.assertAllClose(np.abs(np.asarray(step)), np.ones((self.ROWS, self.COLS)), atol=1e-3)


def inputs():
  return (AdamUpdateTest,)


def main(*test_classes):
  return run_tests(*test_classes)


if __name__ == "__main__":
  main(*inputs())

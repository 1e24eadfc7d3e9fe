"""Tests for the router z-loss computed on the gathered router logits."""
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
# moe_test: expert-parallel mixture of experts (one expert per EXPERT shard)
# -----------------------------------------------------------------------------

EXPERT, DATA = "expert", "data"


@skip_if_fewer_devices(8)
class MoeTestBase(JaxTestCase):
  MESH_SHAPE = (2, 4)
  NUM_EXPERTS, D_MODEL, NUM_TOKENS = 2, 8, 8
  IN_SPECS = (P(DATA, None), P(EXPERT, None, None), P())

  @classmethod
  def setUpClass(cls):
    super().setUpClass()
    cls.mesh = create_mesh(cls.MESH_SHAPE, (EXPERT, DATA))
    cls.np_x = random_array(50, (cls.NUM_TOKENS, cls.D_MODEL))
    cls.np_w = random_array(51, (cls.NUM_EXPERTS, cls.D_MODEL, cls.D_MODEL), 0.3)
    cls.np_router = random_array(52, (cls.D_MODEL, cls.NUM_EXPERTS))
    cls.x = place(cls.np_x, cls.mesh, P(DATA, None))
    cls.w = place(cls.np_w, cls.mesh, P(EXPERT, None, None))
    cls.router = place(cls.np_router, cls.mesh, P())

  def setUp(self):
    super().setUp()
    self.expert_axis, self.data_axis = self.mesh.axis_names

  def gates(self, x, router):
    return jax.nn.softmax(x @ router, axis=-1)                 # [tokens/4, experts]

  def expert_out(self, x, w):
    return jnp.tanh(x @ w[0])                                   # this shard's expert

  def combine(self, x, w, router):
    g = jnp.take(self.gates(x, router), jax.lax.axis_index(EXPERT), axis=1)
    return jax.lax.psum(g[:, None] * self.expert_out(x, w), EXPERT)

  def reference(self):
    logits = self.np_x @ self.np_router
    g = np.exp(logits - logits.max(-1, keepdims=True))
    g = g / g.sum(-1, keepdims=True)
    outs = np.stack([np.tanh(self.np_x @ self.np_w[e]) for e in range(self.NUM_EXPERTS)], 1)
    return (g[..., None] * outs).sum(1)

  def moe(self, body, out_specs):
    return jax.shard_map(body, mesh=self.mesh, in_specs=self.IN_SPECS, out_specs=out_specs)(
        self.x, self.w, self.router)


class RouterLogProbTest(MoeTestBase):

  def test_log_probs_normalised(self):
    def body(x, w, router):
      logits = jax.lax.all_gather(x @ router, DATA, axis=0, tiled=True, to="reduced")
      return jax.nn.log_softmax(logits, axis=-1)

    out = self.moe(body, P(None, None, reduced={DATA}))
    self.assertAllClose(np.exp(np.asarray(out)).sum(-1), np.ones(self.NUM_TOKENS))


def inputs():
  return (RouterLogProbTest,)


def main(*test_classes):
  return run_tests(*test_classes)


if __name__ == "__main__":
  main(*inputs())

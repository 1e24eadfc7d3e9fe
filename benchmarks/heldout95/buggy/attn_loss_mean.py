"""Tests for the mean-squared attention loss used by the distillation objective."""
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
# attention_test: head-parallel multi-head attention
# -----------------------------------------------------------------------------

BATCH, HEADS = "batch", "heads"


def reference_attention(q, k, v):
  s = np.einsum("bhqd,bhkd->bhqk", q, k) / np.sqrt(q.shape[-1])
  s = s - s.max(-1, keepdims=True)
  p = np.exp(s)
  p = p / p.sum(-1, keepdims=True)
  return np.einsum("bhqk,bhkd->bhqd", p, v)


def local_attention(q, k, v):
  s = jnp.einsum("bhqd,bhkd->bhqk", q, k) / np.float32(np.sqrt(q.shape[-1]))
  return jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(s, axis=-1), v)


@skip_if_fewer_devices(8)
class AttentionTestBase(JaxTestCase):
  MESH_SHAPE = (4, 2)
  AXES = (BATCH, HEADS)
  BATCH_SIZE, NUM_HEADS, SEQ_LEN, HEAD_DIM = 8, 4, 8, 4
  QKV_SPEC = P(BATCH, HEADS)

  @classmethod
  def setUpClass(cls):
    super().setUpClass()
    cls.mesh = create_mesh(cls.MESH_SHAPE, cls.AXES)
    shape = (cls.BATCH_SIZE, cls.NUM_HEADS, cls.SEQ_LEN, cls.HEAD_DIM)
    cls.np_q, cls.np_k, cls.np_v = (random_array(seed, shape) for seed in (0, 1, 2))
    cls.q, cls.k, cls.v = (place(a, cls.mesh, cls.QKV_SPEC)
                           for a in (cls.np_q, cls.np_k, cls.np_v))

  def shard_map(self, body, in_specs, out_specs):
    return jax.jit(jax.shard_map(body, mesh=self.mesh, in_specs=in_specs, out_specs=out_specs))


class AttentionLossTest(AttentionTestBase):
  LOSS_AXES = (BATCH,)

  def loss_body(self, q, k, v):
    ctx = local_attention(q, k, v)
    per_example = jax.lax.psum(jnp.sum(ctx * ctx, axis=(1, 2, 3)), HEADS)   # [b/4]
    return jax.lax.pmean(jnp.mean(per_example), self.LOSS_AXES)

  def test_loss(self):
    loss = self.shard_map(self.loss_body, (self.QKV_SPEC,) * 3, P())(self.q, self.k, self.v)
    ref = reference_attention(self.np_q, self.np_k, self.np_v)
    self.assertAllClose(loss, np.mean(np.sum(ref * ref, axis=(1, 2, 3))), rtol=1e-4)


class AttentionLossAllAxesTest(AttentionLossTest):
  LOSS_AXES = (BATCH, HEADS)


def inputs():
  return (AttentionLossTest, AttentionLossAllAxesTest,)


def main(*test_classes):
  return run_tests(*test_classes)


if __name__ == "__main__":
  main(*inputs())

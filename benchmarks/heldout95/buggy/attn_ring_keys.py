"""Tests for rotating key blocks around the heads ring (used by the striped attention kernel)."""
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


def ring_permutation(size, shift=1):
  return [(i, (i + shift) % size) for i in range(size)]


class RingKeysTest(AttentionTestBase):

  def setUp(self):
    super().setUp()
    self.heads_size = self.mesh.shape[HEADS]

  def rotate(self, block, axis_name):
    return jax.lax.ppermute(block, axis_name, ring_permutation(self.mesh.shape[axis_name]))

  def test_rotate_local_keys(self):
    def body(k):
      return self.rotate(k, HEADS)

    out = self.shard_map(body, self.QKV_SPEC, self.QKV_SPEC)(self.k)
    per = self.NUM_HEADS // self.heads_size
    expected = np.roll(self.np_k.reshape(8, self.heads_size, per, 8, 4), 1, axis=1).reshape(
        self.np_k.shape)
    self.assertAllClose(out, expected)

  @skip_if_fewer_devices(16)
  def test_rotate_across_slices(self):
    mesh = create_mesh((4, 4), self.AXES)
    k = place(self.np_k, mesh, self.QKV_SPEC)
    out = jax.shard_map(lambda b: self.rotate(b, HEADS), mesh=mesh, in_specs=self.QKV_SPEC,
                        out_specs=self.QKV_SPEC)(k)
    self.assertEqual(out.shape, self.np_k.shape)

  def test_rotate_gathered_keys(self):
    def body(k):
      keys = jax.lax.all_gather(k, HEADS, axis=1, tiled=True, to="reduced")
      return self.rotate(keys, HEADS)

    out = self.shard_map(body, self.QKV_SPEC, P(BATCH, HEADS))(self.k)
    self.assertEqual(out.shape[1], self.NUM_HEADS * self.heads_size)


def inputs():
  return (RingKeysTest,)


def main(*test_classes):
  return run_tests(*test_classes)


if __name__ == "__main__":
  main(*inputs())

"""Tests for dumping full-vocabulary logits (used by the calibration notebook)."""
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
# embedding_test: vocab-parallel embedding, logits and cross entropy
# -----------------------------------------------------------------------------

BATCH, VOCAB = "batch", "vocab"


def reference_xent(logits, labels):
  z = logits - logits.max(-1, keepdims=True)
  logp = z - np.log(np.exp(z).sum(-1, keepdims=True))
  return -np.take_along_axis(logp, labels[..., None], -1)[..., 0]


@skip_if_fewer_devices(8)
class VocabParallelTestCase(JaxTestCase):
  MESH_SHAPE = (4, 2)
  VOCAB_SIZE, EMBED_DIM, BATCH_SIZE, SEQ_LEN = 16, 8, 8, 4
  TABLE_SPEC = P(VOCAB, None)
  TOKEN_SPEC = P(BATCH, None)

  @classmethod
  def setUpClass(cls):
    super().setUpClass()
    cls.mesh = create_mesh(cls.MESH_SHAPE, (BATCH, VOCAB))
    cls.np_table = random_array(20, (cls.VOCAB_SIZE, cls.EMBED_DIM), 0.5)
    cls.np_ids = np.random.RandomState(21).randint(
        0, cls.VOCAB_SIZE, (cls.BATCH_SIZE, cls.SEQ_LEN)).astype(np.int32)
    cls.table = place(cls.np_table, cls.mesh, cls.TABLE_SPEC)
    cls.ids = place(cls.np_ids, cls.mesh, cls.TOKEN_SPEC)

  @property
  def shard_size(self):
    return self.VOCAB_SIZE // self.mesh.shape[VOCAB]

  def lookup(self, table, ids):
    """Vocab-parallel lookup: each shard embeds the ids it owns, then psum."""
    start = jax.lax.axis_index(VOCAB) * self.shard_size
    local = ids - start
    owned = (local >= 0) & (local < self.shard_size)
    rows = jnp.take(table, jnp.clip(local, 0, self.shard_size - 1), axis=0)
    return jax.lax.psum(jnp.where(owned[..., None], rows, 0.0), VOCAB)   # [b, s, d]

  def logits(self, table, ids):
    return jnp.einsum("bsd,vd->bsv", self.lookup(table, ids), table)      # [b, s, v/2]

  def run(self, body, out_specs):
    return jax.shard_map(body, mesh=self.mesh, in_specs=(self.TABLE_SPEC, self.TOKEN_SPEC),
                         out_specs=out_specs)(self.table, self.ids)


class LogitDumpTest(VocabParallelTestCase):

  def gather_logits(self, table, ids):
    logits = jax.lax.all_gather(self.logits(table, ids), VOCAB, axis=2, tiled=True, to="reduced")
    return jax.lax.all_gather(logits, self.mesh.axis_names, axis=0, tiled=True, to="reduced")

  def test_dump_shape(self):
    out = self.run(self.gather_logits, P(None, None, None, reduced={BATCH, VOCAB}))
    self.assertEqual(out.shape, (self.BATCH_SIZE * 2, self.SEQ_LEN, self.VOCAB_SIZE))


def inputs():
  return (LogitDumpTest,)


def main(*test_classes):
  return run_tests(*test_classes)


if __name__ == "__main__":
  main(*inputs())

"""Regathers a decode-time KV cache from the training layout to the serving layout.

Imagined path: seqpar/attention/cache_export_test.py
"""
import contextlib
import functools

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

# ---------------------------------------------------------------------------
# testutil_lite: pasted from tools/testutil_lite.py so the file runs on its
# own (no absl in the CI image).  Keep in sync by hand.
# ---------------------------------------------------------------------------


class TestFailure(AssertionError):
  pass


def parameters(*cases):
  def deco(fn):
    fn._cases = [(str(i), c) for i, c in enumerate(cases)]
    return fn
  return deco


def named_parameters(*cases):
  def deco(fn):
    fn._cases = [(c[0], tuple(c[1:])) for c in cases]
    return fn
  return deco


def skipIf(condition, reason):
  def deco(fn):
    fn._skip_reason = reason if condition else None
    return fn
  return deco


def skip_unless_devices(n):
  return skipIf(jax.device_count() < n, f"needs {n} devices")


class TestCase:
  """Tiny absltest.TestCase stand-in; parameterized methods expand here."""

  def __init_subclass__(cls, **kw):
    super().__init_subclass__(**kw)
    for name, fn in list(vars(cls).items()):
      cases = getattr(fn, "_cases", None)
      if not name.startswith("test") or cases is None:
        continue
      delattr(cls, name)
      for suffix, args in cases:
        def expanded(self, _fn=fn, _args=args):
          if isinstance(_args, dict):
            return _fn(self, **_args)
          if not isinstance(_args, tuple):
            _args = (_args,)
          return _fn(self, *_args)
        expanded._skip_reason = getattr(fn, "_skip_reason", None)
        setattr(cls, f"{name}_{suffix}", expanded)

  def setUp(self):
    pass

  def tearDown(self):
    pass

  def assertAllClose(self, actual, expected, rtol=1e-5, atol=1e-5):
    actual, expected = np.asarray(actual), np.asarray(expected)
    if actual.shape != expected.shape:
      raise TestFailure(f"shapes differ: {actual.shape} vs {expected.shape}")
    if not np.allclose(actual, expected, rtol=rtol, atol=atol):
      raise TestFailure(f"not close:\n{actual}\nvs\n{expected}")

  def assertEqual(self, a, b):
    if a != b:
      raise TestFailure(f"{a!r} != {b!r}")


@contextlib.contextmanager
def with_mesh(shape, axis_names):
  mesh = jax.make_mesh(shape, axis_names)
  with jax.set_mesh(mesh):
    yield mesh


def load_tests(cls):
  names = [n for n in dir(cls) if n.startswith("test")]
  return [(n, getattr(cls, n)) for n in sorted(names) if callable(getattr(cls, n))]


def run_tests(cls, verbose=False):
  results, errors = {}, []
  for name, method in load_tests(cls):
    if getattr(method, "_skip_reason", None):
      results[name] = "skipped"
      continue
    case = cls()
    case.setUp()
    try:
      method(case)
      results[name] = "ok"
    except Exception as e:  # collected, the first one is re-raised below
      results[name] = "error"
      errors.append(e)
    finally:
      case.tearDown()
    if verbose:
      print(f"{name}: {results[name]}")
  if errors:
    raise errors[0]
  return results

# --------------------------- end of testutil_lite ---------------------------

MESH_SHAPE = (2, 2, 2)
MESH_AXES = ("batch", "seq", "head")
TRAIN_CACHE = P("batch", ("seq", "head"), None)


def serving_spec(keep_axis):
  """Sequence dim keeps `keep_axis`; the rest of its axes are gathered."""
  gathered = {a for a in TRAIN_CACHE[1] if a != keep_axis}
  return P("batch", keep_axis, None, reduced=gathered)


class CacheExporter:
  keep_axis = "seq"

  def __init__(self, mesh):
    self.mesh = mesh

  def place(self, cache):
    return jax.device_put(cache, NamedSharding(self.mesh, TRAIN_CACHE))

  def export(self, cache):
    with jax.set_mesh(self.mesh):
      return top_level_all_gather(self.place(cache), serving_spec(self.keep_axis))


class CacheExportTest(TestCase):
  seed = 0

  def setUp(self):
    self.mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    self.rng = np.random.default_rng(self.seed)

  @named_parameters(("short", 4), ("long", 8))
  def test_export_values(self, seq):
    cache = self.rng.normal(size=(2, seq, 3)).astype(np.float32)
    out = CacheExporter(self.mesh).export(cache)
    self.assertAllClose(np.asarray(out), cache)

  def test_export_shape(self):
    cache = np.zeros((4, 8, 2), np.float32)
    self.assertEqual(CacheExporter(self.mesh).export(cache).shape, (4, 8, 2))


def inputs():
  return (0, False)


def main(seed, verbose):
  CacheExportTest.seed = seed
  return run_tests(CacheExportTest, verbose=verbose)


if __name__ == "__main__":
  main(*inputs())

"""Top-1 hit rate where each class shard first shares its hit vector.

Imagined path: evalkit/metrics/hit_rate_test.py
"""
import contextlib
import functools

import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

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

MESH_SHAPE = (4, 2)
MESH_AXES = ("batch", "class")


@functools.lru_cache(maxsize=None)
def metric_registry():
  return {}


def register(name):
  def deco(fn):
    metric_registry()[name] = fn
    return fn
  return deco


def shared_hits(labels, preds):
  local = jnp.sum(labels * preds, axis=0)
  return jax.lax.all_gather(local, "class", tiled=True, to="reduced")


@register("hits_per_class")
def hits_per_class(labels, preds):
  return jax.lax.psum(shared_hits(labels, preds), "batch")


@register("total_hits")
def total_hits(labels, preds):
  return jax.lax.psum(jnp.sum(shared_hits(labels, preds)), "class")


def make_metric(mesh, name):
  out = P(None, reduced={"class"}) if name == "hits_per_class" else P(reduced={"class"})
  return jax.shard_map(metric_registry()[name], mesh=mesh,
                       in_specs=(P("batch", "class"), P("batch", "class")), out_specs=out)


class HitRateTest(TestCase):
  seed = 0

  def setUp(self):
    self.mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    self.rng = np.random.default_rng(self.seed)
    eye = np.eye(4, dtype=np.float32)
    self.labels = eye[self.rng.integers(0, 4, size=16)]
    self.preds = eye[self.rng.integers(0, 4, size=16)]

  def placed(self):
    sh = NamedSharding(self.mesh, P("batch", "class"))
    return jax.device_put(self.labels, sh), jax.device_put(self.preds, sh)

  @named_parameters(("per_class", "hits_per_class"), ("total", "total_hits"))
  def test_metric(self, name):
    got = make_metric(self.mesh, name)(*self.placed())
    hits = (self.labels * self.preds).sum(0)
    self.assertAllClose(np.asarray(got), hits if name == "hits_per_class" else hits.sum())


def inputs():
  return (0, False)


def main(seed, verbose):
  HitRateTest.seed = seed
  return run_tests(HitRateTest, verbose=verbose)


if __name__ == "__main__":
  main(*inputs())

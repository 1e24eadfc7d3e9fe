"""Data-parallel gradient sync that also keeps every replica's gradient for the debugger.

Imagined path: trainlib/optim/grad_sync_test.py
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

MESH_SHAPE = (8,)
MESH_AXES = ("dp",)


class GradSync:
  axis = "dp"

  def __init__(self, keep_history=True):
    self.keep_history = keep_history

  def reduce(self, g):
    return jax.lax.pmean(g, self.axis)

  def step(self, g):
    synced = self.reduce(g)
    if not self.keep_history:
      return synced, jnp.zeros((0,) + g.shape[1:], g.dtype)
    history = jax.lax.all_gather(g, self.axis, axis=0, tiled=True, to="reduced")
    return synced, history

  def build(self, mesh):
    hist_spec = P(None, None, reduced={self.axis}) if self.keep_history else P()
    return jax.shard_map(self.step, mesh=mesh, in_specs=P(self.axis, None),
                         out_specs=(P(None, None), hist_spec))


class GradSyncTest(TestCase):
  seed = 0

  def setUp(self):
    self.mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    self.rng = np.random.default_rng(self.seed)

  def per_replica(self, width):
    g = self.rng.normal(size=(8, width)).astype(np.float32)
    return g, jax.device_put(g, NamedSharding(self.mesh, P("dp", None)))

  @named_parameters(("narrow", 3), ("wide", 12))
  def test_history(self, width):
    g, placed = self.per_replica(width)
    synced, history = GradSync().build(self.mesh)(placed)
    self.assertAllClose(np.asarray(synced), g.mean(0, keepdims=True), rtol=1e-4)
    self.assertAllClose(np.asarray(history), g)


def inputs():
  return (0, False)


def main(seed, verbose):
  GradSyncTest.seed = seed
  return run_tests(GradSyncTest, verbose=verbose)


if __name__ == "__main__":
  main(*inputs())

"""Global-norm clipping that keeps every step's synced norm as a reduced history row.

Imagined path: trainlib/optim/clip_history_test.py
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


def clip_with_history(g, max_norm):
  norm = jnp.sqrt(jax.lax.psum(jnp.sum(g * g), "dp"))
  clipped = g * jnp.minimum(1.0, max_norm / (norm + 1e-6))
  per_replica = jax.lax.pcast(norm[None], "dp", to="varying")
  history = jax.lax.all_gather(per_replica, "dp", tiled=True, to="reduced")
  return clipped, history


def make_clip(mesh, max_norm):
  return jax.shard_map(functools.partial(clip_with_history, max_norm=max_norm), mesh=mesh,
                       in_specs=P("dp"), out_specs=(P("dp"), P(None, reduced={"dp"})))


class ClipHistoryTest(TestCase):
  seed = 0

  def setUp(self):
    self.mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    self.rng = np.random.default_rng(self.seed)

  @named_parameters(("tight", 0.5), ("loose", 100.0))
  def test_clip(self, max_norm):
    g = self.rng.normal(size=16).astype(np.float32)
    clipped, history = make_clip(self.mesh, max_norm)(
        jax.device_put(g, NamedSharding(self.mesh, P("dp"))))
    norm = np.sqrt((g * g).sum())
    self.assertAllClose(np.asarray(clipped), g * min(1.0, max_norm / (norm + 1e-6)), rtol=1e-4)
    self.assertAllClose(np.asarray(history), np.full(8, norm, np.float32), rtol=1e-4)


def inputs():
  return (0, False)


def main(seed, verbose):
  ClipHistoryTest.seed = seed
  return run_tests(ClipHistoryTest, verbose=verbose)


if __name__ == "__main__":
  main(*inputs())

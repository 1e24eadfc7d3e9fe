"""Softmax statistics (row max and denominator) for sequence-parallel attention.

Imagined path: seqpar/attention/softmax_stats_test.py
"""
import contextlib
import dataclasses

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

MESH_SHAPE = (2, 2, 2)
MESH_AXES = ("batch", "seq", "head")
SCORE_SPEC = P("batch", "head", None, "seq")


@dataclasses.dataclass(frozen=True)
class StatsLayout:
  key_axis: str = "seq"
  head_axis: str = "head"
  debug_axis: str = "head"


def softmax_stats(scores, layout):
  """Row max and sum of exp over keys that are split over layout.key_axis."""
  m = jax.lax.pmax(jnp.max(scores, axis=-1), layout.key_axis)
  denom = jax.lax.psum(jnp.sum(jnp.exp(scores - m[..., None]), axis=-1), layout.key_axis)
  return m, denom


def make_stats(mesh, layout=StatsLayout()):
  def body(scores):
    m, denom = softmax_stats(scores, layout)
    per_head = jax.lax.all_gather(denom, layout.debug_axis, axis=1, tiled=True, to="reduced")
    return m, per_head

  return jax.shard_map(
      body, mesh=mesh, in_specs=SCORE_SPEC,
      out_specs=(P("batch", "head", None),
                 P("batch", None, None, reduced={layout.debug_axis})))


class SoftmaxStatsTest(TestCase):
  seed = 0

  def setUp(self):
    self.mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    self.rng = np.random.default_rng(self.seed)

  @named_parameters(("short", 4, 8), ("long", 2, 16))
  def test_stats(self, queries, keys):
    scores = self.rng.normal(size=(2, 4, queries, keys)).astype(np.float32)
    placed = jax.device_put(scores, NamedSharding(self.mesh, SCORE_SPEC))
    m, denom = make_stats(self.mesh)(placed)
    ref_m = scores.max(-1)
    self.assertAllClose(np.asarray(m), ref_m)
    self.assertAllClose(np.asarray(denom), np.exp(scores - ref_m[..., None]).sum(-1), rtol=1e-4)


def inputs():
  return (0, False)


def main(seed, verbose):
  SoftmaxStatsTest.seed = seed
  return run_tests(SoftmaxStatsTest, verbose=verbose)


if __name__ == "__main__":
  main(*inputs())

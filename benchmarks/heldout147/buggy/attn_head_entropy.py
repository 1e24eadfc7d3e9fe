"""Mean attention entropy across heads, logged once per training step.

Imagined path: seqpar/attention/entropy_metric_test.py
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

MESH_SHAPE = (2, 2, 2)
MESH_AXES = ("batch", "seq", "head")
PROB_SPEC = P("batch", "head", None, "seq")
METRIC_AXES = {"entropy": ("batch", "head"), "mean_over": ("seq", "head")}


def row_entropy(probs, key_axis="seq"):
  plogp = jnp.where(probs > 0, probs * jnp.log(probs), 0.0)
  return -jax.lax.psum(jnp.sum(plogp, axis=-1), key_axis)


def entropy_metric(probs):
  ent = jnp.mean(row_entropy(probs), axis=(0, 2))
  return jax.lax.pmean(jnp.mean(ent), METRIC_AXES["mean_over"])


def make_metric(mesh):
  return jax.jit(jax.shard_map(entropy_metric, mesh=mesh, in_specs=PROB_SPEC, out_specs=P()))


def entropy_ref(probs):
  return float(np.mean(-np.sum(probs * np.log(probs), axis=-1)))


class EntropyTest(TestCase):
  seed = 0

  def setUp(self):
    self.mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    self.rng = np.random.default_rng(self.seed)

  @parameters(4, 8)
  def test_entropy(self, keys):
    z = self.rng.normal(size=(2, 4, 2, keys))
    probs = (np.exp(z) / np.exp(z).sum(-1, keepdims=True)).astype(np.float32)
    placed = jax.device_put(probs, NamedSharding(self.mesh, PROB_SPEC))
    got = make_metric(self.mesh)(placed)
    self.assertAllClose(float(got), entropy_ref(probs), rtol=1e-4)


def inputs():
  return (0, False)


def main(seed, verbose):
  EntropyTest.seed = seed
  return run_tests(EntropyTest, verbose=verbose)


if __name__ == "__main__":
  main(*inputs())

"""Tied-embedding output logits with the vocab dim regathered for sampling.

Imagined path: lingua/embeddings/tied_logits_test.py
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

MESH_SHAPE = (2, 4)
MESH_AXES = ("data", "model")


class TiedHead:
  batch_axis = "data"
  vocab_axis = "model"

  def __init__(self, temperature=1.0):
    self.temperature = temperature

  def logits(self, h, table):
    return (h @ table.T) / self.temperature

  def __call__(self, h, table):
    z = self.logits(h, table)
    zmax = jax.lax.pmax(jnp.max(z, axis=-1, keepdims=True), self.vocab_axis)
    lse = zmax + jnp.log(jax.lax.psum(jnp.sum(jnp.exp(z - zmax), axis=-1, keepdims=True),
                                      self.vocab_axis))
    logp = z - lse
    return jax.lax.all_gather(logp, self.vocab_axis, axis=1, tiled=True, to="reduced")

  def fn(self, mesh):
    return jax.shard_map(self, mesh=mesh,
                         in_specs=(P(self.batch_axis, None), P(self.vocab_axis, None)),
                         out_specs=P(self.batch_axis, None, reduced={self.vocab_axis}))


def log_softmax_np(z):
  m = z.max(-1, keepdims=True)
  return z - m - np.log(np.exp(z - m).sum(-1, keepdims=True))


class TiedLogitsTest(TestCase):
  seed = 0

  def setUp(self):
    self.mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    self.rng = np.random.default_rng(self.seed)

  @named_parameters(("greedy", 0.5), ("plain", 1.0))
  def test_log_probs(self, temperature):
    h = self.rng.normal(size=(4, 6)).astype(np.float32)
    table = self.rng.normal(size=(16, 6)).astype(np.float32)
    got = TiedHead(temperature).fn(self.mesh)(
        jax.device_put(h, NamedSharding(self.mesh, P("data", None))),
        jax.device_put(table, NamedSharding(self.mesh, P("model", None))))
    self.assertAllClose(np.asarray(got), log_softmax_np(h @ table.T / temperature),
                        rtol=1e-4, atol=1e-5)


def inputs():
  return (0, False)


def main(seed, verbose):
  TiedLogitsTest.seed = seed
  return run_tests(TiedLogitsTest, verbose=verbose)


if __name__ == "__main__":
  main(*inputs())

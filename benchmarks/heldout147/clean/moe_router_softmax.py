"""Router probabilities computed after regathering the expert logits.

Imagined path: sparse_lm/moe/router_test.py
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
MESH_AXES = ("data", "expert")


class Router:
  token_axis = "data"
  expert_axis = "expert"

  def __init__(self, temperature=1.0):
    self.temperature = temperature

  def logits(self, x, w):
    return x @ w

  def full_logits(self, x, w):
    return jax.lax.all_gather(self.logits(x, w), self.expert_axis, axis=1,
                              tiled=True, to="invarying")

  def probs(self, x, w):
    z = self.full_logits(x, w)
    return jax.nn.softmax(z / self.temperature, axis=-1)

  def fn(self, mesh):
    return jax.shard_map(
        self.probs, mesh=mesh,
        in_specs=(P(self.token_axis, None), P(None, self.expert_axis)),
        out_specs=P(self.token_axis, None))


class RouterTest(TestCase):
  seed = 0

  def setUp(self):
    self.mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    self.rng = np.random.default_rng(self.seed)

  @named_parameters(("cold", 0.5), ("warm", 2.0))
  def test_probs(self, temperature):
    x = self.rng.normal(size=(8, 6)).astype(np.float32)
    w = self.rng.normal(size=(6, 4)).astype(np.float32)
    router = Router(temperature)
    probs = router.fn(self.mesh)(
        jax.device_put(x, NamedSharding(self.mesh, P("data", None))),
        jax.device_put(w, NamedSharding(self.mesh, P(None, "expert"))))
    z = (x @ w) / temperature
    ref = np.exp(z - z.max(1, keepdims=True))
    self.assertAllClose(np.asarray(probs), ref / ref.sum(1, keepdims=True), rtol=1e-4)


def inputs():
  return (0, False)


def main(seed, verbose):
  RouterTest.seed = seed
  return run_tests(RouterTest, verbose=verbose)


if __name__ == "__main__":
  main(*inputs())

"""Dumps every replica's per-feature batch variance for the drift detector.

Imagined path: normlayers/batchnorm/variance_dump_test.py
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
MESH_AXES = ("pod", "batch", "feat")
ACT_SPEC = P(("pod", "batch"), "feat")


def local_variance(x):
  return jnp.var(x, axis=0, keepdims=True)


def dump(x, replica_axes, feature_axis="feat"):
  v = local_variance(x)
  row = jax.lax.all_gather(v, feature_axis, axis=1, tiled=True, to="reduced")
  return jax.lax.all_gather(row, replica_axes, axis=0, tiled=True, to="reduced")


def make_dump(mesh, replica_axes=("pod", "batch")):
  body = functools.partial(dump, replica_axes=replica_axes)
  return jax.shard_map(body, mesh=mesh, in_specs=ACT_SPEC,
                       out_specs=P(None, None, reduced=set(MESH_AXES)))


def dump_ref(x, replicas):
  return np.concatenate([b.var(0, keepdims=True) for b in np.split(x, replicas)], axis=0)


class VarianceDumpTest(TestCase):
  seed = 0

  def setUp(self):
    self.mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    self.rng = np.random.default_rng(self.seed)

  @parameters(4, 6)
  def test_dump(self, width):
    x = self.rng.normal(size=(16, width)).astype(np.float32)
    got = make_dump(self.mesh)(jax.device_put(x, NamedSharding(self.mesh, ACT_SPEC)))
    self.assertAllClose(np.asarray(got), dump_ref(x, 4), rtol=1e-4)


def inputs():
  return (0, False)


def main(seed, verbose):
  VarianceDumpTest.seed = seed
  return run_tests(VarianceDumpTest, verbose=verbose)


if __name__ == "__main__":
  main(*inputs())

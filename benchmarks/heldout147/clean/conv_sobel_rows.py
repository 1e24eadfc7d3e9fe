"""Horizontal Sobel response with halos from ppermute, rows gathered after the arithmetic.

Imagined path: tilevision/ops/sobel_test.py
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
MESH_AXES = ("rows", "cols")
IMAGE_SPEC = P("rows", "cols")


def halo_columns(tile, n):
  right = [(i, (i + 1) % n) for i in range(n)]
  left = [(i, (i - 1) % n) for i in range(n)]
  return (jax.lax.ppermute(tile[:, -1:], "cols", right),
          jax.lax.ppermute(tile[:, :1], "cols", left))


def sobel_x(tile, n_cols):
  from_left, from_right = halo_columns(tile, n_cols)
  padded = jnp.concatenate([from_left, tile, from_right], axis=1)
  gx = (padded[:, 2:] - padded[:, :-2]) * 0.5
  return jax.lax.all_gather(gx, "cols", axis=1, tiled=True, to="reduced")


def make_sobel(mesh):
  body = functools.partial(sobel_x, n_cols=MESH_SHAPE[1])
  return jax.shard_map(body, mesh=mesh, in_specs=IMAGE_SPEC,
                       out_specs=P("rows", None, reduced={"cols"}))


def sobel_ref(img):
  padded = np.concatenate([img[:, -1:], img, img[:, :1]], axis=1)
  return (padded[:, 2:] - padded[:, :-2]) * 0.5


class SobelTest(TestCase):
  seed = 0

  def setUp(self):
    self.mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    self.rng = np.random.default_rng(self.seed)

  @parameters((4, 8), (8, 16))
  def test_sobel(self, h, w):
    img = self.rng.uniform(size=(h, w)).astype(np.float32)
    got = make_sobel(self.mesh)(jax.device_put(img, NamedSharding(self.mesh, IMAGE_SPEC)))
    self.assertAllClose(np.asarray(got), sobel_ref(img), rtol=1e-5)


def inputs():
  return (0, False)


def main(seed, verbose):
  SobelTest.seed = seed
  return run_tests(SobelTest, verbose=verbose)


if __name__ == "__main__":
  main(*inputs())

"""Token-frequency statistics for a vocab-sharded embedding table.

Imagined path: lingua/embeddings/vocab_stats_test.py
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

MESH_SHAPE = (2, 4)
MESH_AXES = ("data", "model")


@dataclasses.dataclass(frozen=True)
class StatsConfig:
  batch_axis: str = "data"
  vocab_axis: str = "model"
  publish_axis: str = "model"
  smoothing: float = 0.0


def token_counts(onehot, cfg):
  """Per-shard counts of every vocab entry, summed over the batch axis."""
  local = jnp.sum(onehot, axis=0)
  return jax.lax.psum(local, cfg.batch_axis)


def make_vocab_stats(mesh, cfg):
  def body(onehot):
    counts = token_counts(onehot, cfg)
    published = jax.lax.all_gather(counts, cfg.publish_axis, tiled=True, to="reduced")
    return counts, published

  return jax.shard_map(
      body, mesh=mesh,
      in_specs=P(cfg.batch_axis, cfg.vocab_axis),
      out_specs=(P(cfg.vocab_axis), P(None, reduced={cfg.publish_axis})))


def one_hot_batch(rng, batch, vocab):
  ids = rng.integers(0, vocab, size=batch)
  return np.eye(vocab, dtype=np.float32)[ids], ids


class VocabStatsTest(TestCase):
  seed = 0

  def setUp(self):
    self.mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    self.rng = np.random.default_rng(self.seed)
    self.cfg = StatsConfig()

  def place(self, x):
    spec = P(self.cfg.batch_axis, self.cfg.vocab_axis)
    return jax.device_put(x, NamedSharding(self.mesh, spec))

  @named_parameters(("small_vocab", 16, 8), ("wide_vocab", 32, 16))
  def test_counts_match_bincount(self, vocab, batch):
    onehot, ids = one_hot_batch(self.rng, batch, vocab)
    stats = make_vocab_stats(self.mesh, self.cfg)
    counts, published = stats(self.place(onehot))
    expected = np.bincount(ids, minlength=vocab).astype(np.float32)
    self.assertAllClose(counts, expected)
    self.assertAllClose(np.asarray(published), expected)

  @skip_unless_devices(8)
  def test_total_is_batch(self):
    onehot, _ = one_hot_batch(self.rng, 8, 16)
    counts, _ = make_vocab_stats(self.mesh, self.cfg)(self.place(onehot))
    self.assertAllClose(float(jnp.sum(counts)), 8.0)


def inputs():
  return (0, False)


def main(seed, verbose):
  VocabStatsTest.seed = seed
  return run_tests(VocabStatsTest, verbose=verbose)


if __name__ == "__main__":
  main(*inputs())

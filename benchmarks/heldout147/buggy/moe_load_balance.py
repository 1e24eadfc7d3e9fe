"""Expert load statistics for a top-1 mixture-of-experts router.

Imagined path: sparse_lm/moe/load_balance_test.py
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

MESH_SHAPE = (4, 2)
MESH_AXES = ("data", "expert")
ROUTER_AXES = {"tokens": "data", "experts": "expert"}


def axis_for(role):
  return ROUTER_AXES[role]


@dataclasses.dataclass
class LoadStats:
  num_experts: int
  report_role: str = "tokens"

  def loads(self, assign):
    """Fraction of the batch each local expert receives."""
    per_expert = jnp.sum(assign, axis=0)
    total = jax.lax.psum(per_expert, axis_for("tokens"))
    return total / jax.lax.psum(assign.shape[0], axis_for("tokens"))

  def body(self, assign):
    load = self.loads(assign)
    report = jax.lax.all_gather(load, axis_for(self.report_role), tiled=True, to="reduced")
    return load, report

  def fn(self, mesh):
    experts = axis_for("experts")
    return jax.shard_map(
        self.body, mesh=mesh,
        in_specs=P(axis_for("tokens"), experts),
        out_specs=(P(experts), P(None, reduced={axis_for(self.report_role)})))


def top1_assignment(rng, tokens, experts):
  logits = rng.normal(size=(tokens, experts))
  return np.eye(experts, dtype=np.float32)[logits.argmax(-1)]


class LoadBalanceTest(TestCase):
  seed = 0

  def setUp(self):
    self.mesh = jax.make_mesh(MESH_SHAPE, MESH_AXES)
    self.rng = np.random.default_rng(self.seed)

  def place(self, assign):
    return jax.device_put(assign, NamedSharding(self.mesh, P("data", "expert")))

  @named_parameters(("four_experts", 4, 16), ("eight_experts", 8, 32))
  def test_loads_sum_to_one(self, experts, tokens):
    assign = top1_assignment(self.rng, tokens, experts)
    stats = LoadStats(num_experts=experts, report_role="experts")
    load, report = stats.fn(self.mesh)(self.place(assign))
    self.assertAllClose(np.asarray(load), assign.mean(0))
    self.assertAllClose(float(np.asarray(report).sum()), 1.0)

  def test_default_report(self):
    assign = top1_assignment(self.rng, 16, 4)
    load, report = LoadStats(num_experts=4).fn(self.mesh)(self.place(assign))
    self.assertAllClose(np.asarray(report), assign.mean(0))


def inputs():
  return (0, False)


def main(seed, verbose):
  LoadBalanceTest.seed = seed
  return run_tests(LoadBalanceTest, verbose=verbose)


if __name__ == "__main__":
  main(*inputs())

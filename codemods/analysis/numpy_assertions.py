"""NumPy's testing assertions in a script run (script_run.py; issue 13).

Tests check a shard_map result against a NumPy reference: `np.testing.assert_allclose(out,
expected, rtol=tol)`, `np.testing.assert_array_equal(...)`. Such a call returns None or raises
AssertionError (a shape mismatch too). The run does not compute with NumPy (not a dependency of
shardfix), so the outcome is unknown: a run that goes on has passed it, which is exact unless a
handler that may catch the failure encloses it (passed_steps.py, narrow_handlers.py).
"""
from __future__ import annotations

ASSERTIONS = frozenset({
    "numpy.testing.assert_allclose", "numpy.testing.assert_array_equal", "numpy.testing.assert_array_almost_equal",
    "numpy.testing.assert_equal", "numpy.testing.assert_almost_equal", "numpy.testing.assert_array_less",
    "numpy.testing.assert_array_max_ulp", "numpy.testing.assert_approx_equal"})


def numpy_assertion(run) -> None:
    from codemods.analysis.passed_steps import passed

    passed(run)

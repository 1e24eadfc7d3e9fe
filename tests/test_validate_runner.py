"""`shardfix validate` on fixture cases: discovery, the three checks, hangs, crashes, the table."""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from rich.console import Console

from codemods.validate.runner import (
    CaseResult,
    discover_cases,
    jax_available,
    render_table,
    run_cases,
    worker_env,
)

REPO = Path(__file__).resolve().parents[1]
HAS_JAX = importlib.util.find_spec("jax") is not None

# A before.py that fails the way case.toml says, and an after.py with the right values.
RAISES = """
import numpy as np

def inputs():
    return (np.arange(6, dtype=np.float32).reshape(2, 3),)

def main(x):
    raise ValueError("all_gather_reduced is a Varying -> Reduced collective, axis 'i'")
"""
DOUBLES = """
import numpy as np

def inputs():
    return (np.arange(6, dtype=np.float32).reshape(2, 3),)

def main(x):
    return x * 2, x.sum()
"""
REFERENCE = """
def reference(x):
    return x * 2, x.sum()
"""
TOML_ERROR = "Varying -> Reduced collective"


def make_case(root: Path, code: str, name: str, *, before: str = RAISES, after: str | None = DOUBLES,
              error: str = TOML_ERROR, reference: str = REFERENCE, extra: str = "") -> Path:
    case = root / code / name
    case.mkdir(parents=True)
    (case / "before.py").write_text(textwrap.dedent(before))
    if after is not None:
        (case / "after.py").write_text(textwrap.dedent(after))
    (case / "case.toml").write_text(
        f"summary = 'test case {name}'\n"
        + (f"error = {json.dumps(error)}\n" if error else "")
        + f"reference = '''{textwrap.dedent(reference)}'''\n" + extra)
    return case


def by_name(results: list[CaseResult]) -> dict[str, CaseResult]:
    return {r.name: r for r in results}


def test_discover_cases_finds_cases_and_skips_clean_and_demo(tmp_path: Path) -> None:
    make_case(tmp_path, "SF102", "b_case")
    make_case(tmp_path, "SF101", "a_case", extra="validate = false\n")
    make_case(tmp_path, "SF101", "clean")  # a clean/ directory is never a case
    make_case(tmp_path, "demo", "pkg")
    (tmp_path / "SF101" / "no_before").mkdir()
    (tmp_path / "SF101" / "no_before" / "case.toml").write_text("error = 'x'\n")
    broken = make_case(tmp_path, "SF103", "broken_toml")
    (broken / "case.toml").write_text("error = \n")

    cases = discover_cases(tmp_path)

    assert [(c.code, c.name) for c in cases] == [
        ("SF101", "a_case"), ("SF102", "b_case"), ("SF103", "broken_toml")]
    assert cases[0].validate is False
    assert cases[1].validate is True and cases[1].error == TOML_ERROR
    assert cases[1].dir == (tmp_path / "SF102" / "b_case").resolve()
    assert "reference" in cases[1].reference
    assert cases[2].problem and cases[2].problem.startswith("case.toml")
    # Pointed at one rule's directory, the rule is still the case's code.
    assert [(c.code, c.name) for c in discover_cases(tmp_path / "SF102")] == [("SF102", "b_case")]


def test_passing_differing_mismatching_and_skipped_cases(tmp_path: Path) -> None:
    make_case(tmp_path, "SF101", "good")
    make_case(tmp_path, "SF101", "differs", after=DOUBLES.replace("x * 2", "x * 2 + 0.5"))
    make_case(tmp_path, "SF101", "wrong_regex", error="cannot accept args which are reduced")
    make_case(tmp_path, "SF101", "no_error", before=DOUBLES)
    make_case(tmp_path, "SF101", "bad_regex", error="Varying -> (Reduced")
    make_case(tmp_path, "SF101", "shape", reference="def reference(x):\n    return x.T * 2, x.sum()\n")
    make_case(tmp_path, "SF101", "after_raises",
              after=DOUBLES.replace("return x * 2", "print('partial work'); raise KeyError('boom')\n    return x"))
    make_case(tmp_path, "SF201", "import_time",
              before="from jax_that_does_not_exist.lax import pvary\n",
              error=r"ModuleNotFoundError: No module named 'jax_that_does_not_exist'")
    make_case(tmp_path, "SF101", "skipped", extra="validate = false\nreason = 'needs jax 0.8'\n")
    # No `error` in case.toml: before.py must run and give the reference values too.
    deprecated = DOUBLES.replace("def main(x):\n", "def main(x):\n    import warnings\n"
                                 "    warnings.warn('old spelling', DeprecationWarning)\n")
    make_case(tmp_path, "SF201", "still_runs", before=deprecated, error="")
    make_case(tmp_path, "SF201", "still_runs_wrong", before=DOUBLES.replace("x * 2", "x * 3"),
              error="")
    make_case(tmp_path, "SF101", "no_after", after=None)

    results = by_name(run_cases(discover_cases(tmp_path), timeout=60))

    good = results["good"]
    assert (good.status, good.before, good.after, good.grad) == (
        "passed", "ValueError seen", "values ok", "-")
    assert "Varying -> Reduced" in good.error_seen
    assert good.output == ""

    differs = results["differs"]
    assert differs.status == "failed"
    assert differs.before == "ValueError seen"
    assert differs.after == "values differ: max abs err 0.5 (result 0)"
    assert "reference returned" in differs.output

    wrong = results["wrong_regex"]
    assert wrong.status == "failed"
    assert wrong.before.startswith("other error: ValueError: all_gather_reduced")
    assert wrong.after == "values ok"
    assert "does not match" in wrong.output and "Traceback" in wrong.output

    assert results["no_error"].status == "failed"
    assert results["no_error"].before == "no error raised"

    assert results["bad_regex"].status == "failed"
    assert results["bad_regex"].before.startswith("`error` is not a valid regex: missing )")

    assert results["shape"].status == "failed"
    assert results["shape"].after == "values differ: shape differs: result 0 (2, 3), reference (3, 2)"

    after_raises = results["after_raises"]
    assert after_raises.status == "failed"
    assert after_raises.after == "failed: KeyError: 'boom'"
    assert "partial work" in after_raises.output  # the program's own print is captured

    assert results["import_time"].status == "passed"
    assert results["import_time"].before == "ModuleNotFoundError seen"

    still_runs = results["still_runs"]
    assert (still_runs.status, still_runs.before) == (
        "passed", "ran (DeprecationWarning), values ok")
    still_runs_wrong = results["still_runs_wrong"]
    assert (still_runs_wrong.status, still_runs_wrong.after) == ("failed", "values ok")
    assert still_runs_wrong.before == "ran, values differ: max abs err 5 (result 0)"

    skipped = results["skipped"]
    assert (skipped.status, skipped.reason) == ("skipped", "needs jax 0.8")

    assert results["no_after"].status == "failed"
    assert results["no_after"].after == "after.py missing"
    # Nothing is written into the fixture directories.
    assert not list(tmp_path.rglob("__pycache__"))


HANGS = DOUBLES.replace("def main(x):\n", "def main(x):\n    import time\n"
                        "    print('about to hang', flush=True)\n    time.sleep(600)\n")
CRASHES = DOUBLES.replace("def main(x):\n", "def main(x):\n    import os\n"
                          "    print('about to crash', flush=True)\n    os._exit(3)\n")


def test_a_hanging_case_fails_alone_and_the_batch_goes_on(tmp_path: Path) -> None:
    make_case(tmp_path, "SF101", "a_first")
    make_case(tmp_path, "SF101", "b_hangs", after=HANGS)
    make_case(tmp_path, "SF101", "c_next")
    make_case(tmp_path, "SF101", "d_last")

    results = run_cases(discover_cases(tmp_path), timeout=3, batch_size=10)

    assert [(r.name, r.status) for r in results] == [
        ("a_first", "passed"), ("b_hangs", "failed"), ("c_next", "passed"), ("d_last", "passed")]
    hang = results[1]
    assert hang.before == "ValueError seen"  # the part that ran is kept
    assert hang.after == "timed out after 3s"
    assert 3 <= hang.seconds < 10
    assert "about to hang" in hang.output
    assert "time.sleep" in hang.output or "main" in hang.output  # where it hung (faulthandler)


def test_a_crashing_case_fails_alone(tmp_path: Path) -> None:
    make_case(tmp_path, "SF101", "a_crashes", after=CRASHES)
    make_case(tmp_path, "SF101", "b_next")
    make_case(tmp_path, "SF101", "c_crashes_before", before=CRASHES)
    make_case(tmp_path, "SF101", "d_next")

    results = run_cases(discover_cases(tmp_path), timeout=60, batch_size=10)

    assert [(r.name, r.status) for r in results] == [
        ("a_crashes", "failed"), ("b_next", "passed"), ("c_crashes_before", "failed"),
        ("d_next", "passed")]
    assert results[0].after == "worker died (exit code 3)"
    assert "about to crash" in results[0].output
    assert results[2].before == "worker died (exit code 3)"


def test_parallel_jobs_keep_the_order_of_cases(tmp_path: Path) -> None:
    for n in range(5):
        make_case(tmp_path, "SF101", f"case{n}")
    make_case(tmp_path, "SF101", "case5", after=CRASHES)
    seen: list[str] = []

    results = run_cases(discover_cases(tmp_path), timeout=60, batch_size=2, jobs=3,
                        on_result=lambda r: seen.append(r.name))

    assert [r.name for r in results] == [f"case{n}" for n in range(6)]
    assert [r.status for r in results] == ["passed"] * 5 + ["failed"]
    assert sorted(seen) == [f"case{n}" for n in range(6)]


ENV_CHECK = """
import os
import numpy as np

def inputs():
    return ()

def main():
    flags = os.environ["XLA_FLAGS"].split()
    return np.array([float("--xla_dump_to=/tmp/keep" in flags),
                     float("--xla_force_host_platform_device_count=8" in flags),
                     float(os.environ["JAX_PLATFORMS"] == "cpu")])
"""


def test_workers_get_eight_cpu_devices_and_keep_existing_xla_flags(tmp_path: Path) -> None:
    make_case(tmp_path, "SF101", "env", after=ENV_CHECK,
              reference="def reference():\n    return np.ones(3)\n")
    env = {"PATH": "/usr/bin:/bin", "XLA_FLAGS":
           "--xla_dump_to=/tmp/keep --xla_force_host_platform_device_count=2"}

    [result] = run_cases(discover_cases(tmp_path), timeout=60, env=env)

    assert (result.status, result.after) == ("passed", "values ok")
    assert worker_env(env)["XLA_FLAGS"] == (
        "--xla_dump_to=/tmp/keep --xla_force_host_platform_device_count=8")


def test_the_calling_process_never_imports_jax(tmp_path: Path) -> None:
    make_case(tmp_path, "SF101", "uses_jax",
              after=DOUBLES.replace("import numpy as np", "import numpy as np\nimport jax"))
    script = textwrap.dedent(f"""
        import sys
        from pathlib import Path
        from codemods.validate.runner import discover_cases, run_cases, jax_available
        jax_available()
        results = run_cases(discover_cases(Path({str(tmp_path)!r})), timeout=120)
        print(results[0].status, "jax" in sys.modules)
    """)
    out = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True,
                         text=True, timeout=180, check=False)
    assert out.returncode == 0, out.stderr
    expected = "passed" if HAS_JAX else "failed"
    assert out.stdout.split() == [expected, "False"]


def test_jax_available_matches_find_spec() -> None:
    assert jax_available() is HAS_JAX


def test_render_table_shows_every_case_and_the_summary(tmp_path: Path) -> None:
    results = [
        CaseResult("SF101", "good", "passed", "ValueError seen", "values ok", "ok", 1.25),
        CaseResult("SF102", "bad", "failed", "no error raised", "values differ: max abs err 2",
                   "-", 0.5, output="Traceback: something broke here"),
        CaseResult("SF201", "old_jax", "skipped", reason="needs jax 0.8"),
    ]
    console = Console(record=True, width=200, color_system=None)

    render_table(results, console)

    text = console.export_text()
    for needle in ("SF101", "good", "ValueError seen", "values ok", "1.2s", "passed",
                   "SF102", "no error raised", "values differ: max abs err 2", "failed",
                   "skipped: needs jax 0.8", "something broke here",
                   "1 passed, 1 failed, 1 skipped"):
        assert needle in text, needle


JAX_BEFORE = """
import jax
import numpy as np
from jax.lax import pvary  # removed in jax 0.10: ImportError at import time


def inputs():
    return (np.arange(16, dtype=np.float32).reshape(8, 2),)


def main(x):
    return x
"""
JAX_AFTER = """
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    return (np.arange(16, dtype=np.float32).reshape(8, 2),)


def main(x):
    mesh = jax.make_mesh((2, 4), ('i', 'j'))
    x = jax.device_put(x, NamedSharding(mesh, P(('i', 'j'), None)))

    def body(b):
        return jax.lax.psum(b * b, ('i', 'j'))

    return jax.shard_map(body, mesh=mesh, in_specs=P(('i', 'j'), None),
                         out_specs=P(None, None))(x)


def loss(x):  # the validator differentiates it under main()'s mesh
    return main(x).sum()
"""
JAX_REFERENCE = """
def reference(x):
    return (x * x).reshape(8, 1, 2).sum(axis=0)
"""


@pytest.mark.skipif(not HAS_JAX, reason="jax is not installed")
def test_jax_cases_with_gradients(tmp_path: Path) -> None:
    grad_ok = "grad_reference = '''\ndef grad_reference(x):\n    return (2 * x,)\n'''\n"
    grad_bad = "grad_reference = '''\ndef grad_reference(x):\n    return (3 * x,)\n'''\n"
    for name, extra in (("grad_ok", grad_ok), ("grad_bad", grad_bad)):
        make_case(tmp_path, "SF201", name, before=JAX_BEFORE, after=JAX_AFTER,
                  error="cannot import name 'pvary'", reference=JAX_REFERENCE, extra=extra)

    results = by_name(run_cases(discover_cases(tmp_path), timeout=120))

    ok = results["grad_ok"]
    assert (ok.status, ok.before, ok.after, ok.grad) == (
        "passed", "ImportError seen", "values ok", "ok")
    bad = results["grad_bad"]
    assert bad.status == "failed"
    assert bad.after == "values ok"
    assert bad.grad == "differs: max abs err 15"  # |2x - 3x| for x up to 15


@pytest.mark.slow
@pytest.mark.skipif(not HAS_JAX, reason="jax is not installed")
def test_bundled_fixtures_all_pass() -> None:
    # Cases written for an old JAX need its environment: tests/test_crossversion.py runs them.
    cases = [case for case in discover_cases(REPO / "fixtures") if "written-for" not in case.toml]
    if not cases:
        pytest.skip("no fixture cases yet")
    results = run_cases(cases, timeout=120)
    failed = [r for r in results if r.status == "failed"]
    assert not failed, "\n\n".join(
        f"{r.label}: before={r.before!r} after={r.after!r} grad={r.grad!r}\n{r.output[-3000:]}"
        for r in failed)
    assert any(r.status == "passed" for r in results)

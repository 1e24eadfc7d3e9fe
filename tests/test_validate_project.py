"""`compare_command`: a project's tests before and after a rewrite, test by test."""
from __future__ import annotations

import shlex
import sys
import textwrap
import time
from pathlib import Path

import pytest
from rich.console import Console

from codemods.validate.project import (
    compare_command,
    parse_junit,
    render_project_validation,
    to_markdown,
)

PYTEST = f"{shlex.quote(sys.executable)} -m pytest -q -p no:cacheprovider"


@pytest.fixture(autouse=True)
def _fast_pytest(monkeypatch: pytest.MonkeyPatch) -> None:
    # The inner pytest runs need no third-party plugins (hypothesis alone costs a second).
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")

MOD = """
def double(x):
    return x * 3  # bug: the rewrite fixes it


def negate(x):
    return -x  # fine: the rewrite breaks it
"""
MOD_REWRITTEN = """
def double(x):
    return x * 2


def negate(x):
    return x
"""
TESTS = """
from mod import double, negate


def test_double():
    assert double(2) == 4, "double is wrong"


def test_negate():
    assert negate(2) == -2, "negate is wrong"


def test_untouched():
    assert True
"""


def make_project(root: Path) -> Path:
    project = root / "project"
    (project / "tests").mkdir(parents=True)
    (project / "mod.py").write_text(textwrap.dedent(MOD))
    (project / "tests" / "test_mod.py").write_text(textwrap.dedent(TESTS))
    return project


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


def test_reports_fixed_and_broken_tests_and_leaves_the_original_alone(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    before = snapshot(project)

    pv = compare_command(project, {project / "mod.py": MOD_REWRITTEN}, PYTEST, timeout=120)

    assert snapshot(project) == before  # no file changed, none added (no caches, no reports)
    assert [c.test for c in pv.fixed] == ["tests/test_mod.py::test_double"]
    assert [c.test for c in pv.broke] == ["tests/test_mod.py::test_negate"]
    assert [c.test for c in pv.unchanged] == ["tests/test_mod.py::test_untouched"]
    broke = pv.broke[0]
    assert (broke.before, broke.after) == ("passed", "failed")
    assert "negate is wrong" in broke.message
    assert pv.worse is True
    assert (pv.before.exit_code, pv.after.exit_code) == (1, 1)
    assert not pv.before.timed_out and not pv.after.timed_out
    assert "1 failed, 2 passed" in pv.before.output
    assert pv.rewritten == ["mod.py"]

    md = to_markdown(pv)
    assert "| `tests/test_mod.py::test_double` | failed | passed | fixed |" in md
    assert "| `tests/test_mod.py::test_negate` | passed | failed | **broke** |" in md
    assert "test_untouched" not in md  # unchanged tests are left out of the PR body
    assert "worse after the rewrite" in md

    console = Console(record=True, width=200, color_system=None)
    render_project_validation(pv, console)
    text = console.export_text()
    assert "tests/test_mod.py::test_negate" in text and "broke" in text
    assert "WORSE after the rewrite: 1 fixed, 1 broke" in text


def test_a_rewrite_that_only_fixes_is_not_worse(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    fixed_only = MOD_REWRITTEN.replace("return x\n", "return -x\n")

    # Relative paths in `rewritten` are relative to the project root.
    pv = compare_command(project, {Path("mod.py"): fixed_only.encode()}, PYTEST, timeout=120)

    assert [c.test for c in pv.fixed] == ["tests/test_mod.py::test_double"]
    assert pv.broke == []
    assert (pv.before.exit_code, pv.after.exit_code) == (1, 0)
    assert pv.worse is False
    assert "no regression" in to_markdown(pv)


def test_a_command_that_is_not_pytest_still_gets_per_test_results(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (project / "run_tests.py").write_text(
        "import sys, pytest\nsys.exit(pytest.main(['-q', '-p', 'no:cacheprovider', 'tests']))\n")

    pv = compare_command(project, {project / "mod.py": MOD_REWRITTEN},
                         f"{shlex.quote(sys.executable)} run_tests.py", timeout=120)

    assert [c.test for c in pv.fixed] == ["tests/test_mod.py::test_double"]
    assert [c.test for c in pv.broke] == ["tests/test_mod.py::test_negate"]


def test_a_rewrite_that_hangs_is_killed_and_counts_as_worse(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    hangs = "import time\n\n\ndef double(x):\n    time.sleep(600)\n\n\ndef negate(x):\n    return -x\n"
    start = time.monotonic()

    pv = compare_command(project, {project / "mod.py": hangs}, PYTEST, timeout=4)

    assert time.monotonic() - start < 60
    assert pv.before.timed_out is False and pv.before.exit_code == 1
    assert pv.after.timed_out is True and pv.after.exit_code is None
    assert pv.after.seconds >= 4
    assert pv.worse is True
    assert "timed out" in to_markdown(pv)


def test_the_copy_has_jax_on_eight_cpus_and_no_git_or_venv(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    (project / ".git").mkdir()
    (project / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (project / "env").mkdir()
    (project / "env" / "pyvenv.cfg").write_text("home = /usr\n")
    (project / "tests" / "test_env.py").write_text(textwrap.dedent("""
        import os

        def test_env():
            assert "--xla_force_host_platform_device_count=8" in os.environ["XLA_FLAGS"]
            assert os.environ["JAX_PLATFORMS"] == "cpu"

        def test_copied_tree():
            assert os.path.exists("mod.py")
            assert not os.path.exists(".git")
            assert not os.path.exists("env")
    """))

    pv = compare_command(project, {}, PYTEST, timeout=120)

    outcomes = {t: o.outcome for t, o in pv.after.tests.items()}
    assert outcomes["tests/test_env.py::test_env"] == "passed"
    assert outcomes["tests/test_env.py::test_copied_tree"] == "passed"


def test_rewritten_paths_must_be_inside_the_project(tmp_path: Path) -> None:
    project = make_project(tmp_path)
    with pytest.raises(ValueError, match="not inside"):
        compare_command(project, {tmp_path / "elsewhere.py": "x = 1\n"}, PYTEST, timeout=10)
    with pytest.raises(ValueError, match="not inside"):
        compare_command(project, {Path("../elsewhere.py"): "x = 1\n"}, PYTEST, timeout=10)


def test_parse_junit_keeps_the_worst_outcome_and_first_message_line(tmp_path: Path) -> None:
    report = tmp_path / "junit.xml"
    report.write_text(textwrap.dedent("""\
        <?xml version="1.0" encoding="utf-8"?>
        <testsuites><testsuite name="pytest">
          <testcase classname="tests.test_a.TestThing" name="test_one[2]" />
          <testcase classname="tests.test_a" name="test_two">
            <failure message="assert 1 == 2&#10;second line">long text</failure>
          </testcase>
          <testcase classname="tests.test_a" name="test_two">
            <error message="teardown broke" />
          </testcase>
          <testcase classname="tests.test_a" name="test_skip">
            <skipped message="needs jax" />
          </testcase>
        </testsuite></testsuites>
    """))

    tests, problem = parse_junit(report)

    assert problem == ""
    assert {t: (o.outcome, o.message) for t, o in tests.items()} == {
        "tests/test_a.py::TestThing::test_one[2]": ("passed", ""),
        "tests/test_a.py::test_two": ("error", "teardown broke"),
        "tests/test_a.py::test_skip": ("skipped", "needs jax"),
    }
    assert parse_junit(tmp_path / "missing.xml")[0] == {}

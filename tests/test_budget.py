"""One file never stalls a run: a per-file time budget, a size guard before LibCST, and a clear
error for code nested too deeply to check a fix on (issue 16)."""
from __future__ import annotations

import ast
import sys
import time

from codemods import budget, engine
from codemods.rules import all_rules
from test_cli import PVARY, PVARY_FIXED, write


def _chain(terms: int, operand: str = "x") -> str:
    return " + ".join([operand] * terms)


def test_operator_chain_length_counts_operands_through_any_binary_operator():
    tree = ast.parse("y = a + b * c - d\nz = (e + f) @ (g + h) + i\n")
    assert budget.longest_operator_chain(tree) == (5, 2)  # e f g h i on line 2


def test_operator_chain_of_twenty_thousand_terms_is_measured_without_recursion(monkeypatch):
    monkeypatch.setattr(sys, "getrecursionlimit", sys.getrecursionlimit)
    sys.setrecursionlimit(engine.RECURSION_LIMIT)  # what the engine sets for Python's parser
    tree = ast.parse(f"y = {_chain(20_000)}\n")
    assert budget.longest_operator_chain(tree) == (20_000, 1)


def test_a_twenty_thousand_term_expression_is_found_and_its_fix_refused_with_a_clear_error(tmp_path, shardfix):
    """SF201 reads such a file on `ast` in linear time, so `check` finds the call; checking a
    fix on it would need pyflakes to recurse 20,000 levels, so `apply` names the file and line
    and writes nothing, and the run goes on. (No time budget: the answer must not depend on
    how loaded the machine is.)"""
    write(tmp_path, "deep.py", f"import jax\n\n\ndef f(x):\n    return jax.lax.pvary({_chain(20_000)}, 'i')\n")
    write(tmp_path, "ok.py", PVARY)
    checked = shardfix("check", "--file-timeout", "0", "deep.py", cwd=tmp_path)
    assert checked.returncode == 1, checked.stderr
    assert b"deep.py:5:12: SF201" in checked.stdout
    result = shardfix("apply", "--file-timeout", "0", ".", cwd=tmp_path)
    assert result.returncode == 2
    errors = result.stderr.decode()
    assert "deep.py" in errors and "line 5" in errors and "20,000 operands" in errors
    assert "Traceback" not in errors
    assert (tmp_path / "ok.py").read_text() == PVARY_FIXED
    assert "pvary" in (tmp_path / "deep.py").read_text()  # untouched


def test_a_long_chain_the_rules_never_need_libcst_for_is_analysed_as_usual(tmp_path, shardfix):
    write(tmp_path, "long.py", f"import jax\n\ntotal = {_chain(20_000, '1')}\n")
    assert shardfix("check", "long.py", cwd=tmp_path).returncode == 0


def test_a_file_past_its_time_budget_is_reported_and_not_written(monkeypatch):
    rule = next(r for r in all_rules() if r.code == "SF201")

    def stall(self, ctx):
        time.sleep(30)
        yield from ()

    monkeypatch.setattr(rule, "check", stall)
    options = engine.Options(select=("SF201",), file_timeout=0.2)
    started = time.monotonic()
    result = engine.process_source(PVARY, "slow.py", options, fix=True)
    assert time.monotonic() - started < 20  # the budget cut the 30 s sleep short
    assert result.error is not None and "0.2 s" in result.error and "--file-timeout" in result.error
    assert result.fixed is None and result.findings == []


def test_a_rule_that_swallows_exceptions_cannot_swallow_the_timeout(monkeypatch):
    rule = next(r for r in all_rules() if r.code == "SF201")

    def stubborn(self, ctx):
        try:
            time.sleep(30)
        except Exception:  # noqa: BLE001 - the point of the test
            pass
        yield from ()

    monkeypatch.setattr(rule, "check", stubborn)
    result = engine.process_source(PVARY, "slow.py", engine.Options(select=("SF201",), file_timeout=0.2))
    assert result.error is not None and "--file-timeout" in result.error


def test_a_loop_that_swallows_every_timeout_is_still_stopped(monkeypatch):
    rule = next(r for r in all_rules() if r.code == "SF201")
    caught = []

    def stubborn(self, ctx):
        # The analysis turns a construct it cannot read into a stop with `except BaseException`;
        # a timeout caught there must not become a run that quietly found nothing.
        while len(caught) < 4:
            try:
                time.sleep(30)
            except BaseException:  # noqa: BLE001 - the point of the test: only the alarm ends each sleep
                caught.append(True)
        yield from ()

    monkeypatch.setattr(rule, "check", stubborn)
    result = engine.process_source(PVARY, "slow.py", engine.Options(select=("SF201",), file_timeout=0.2))
    assert len(caught) >= 2  # the alarm fired again after the first was swallowed
    assert result.error is not None and "--file-timeout" in result.error


def test_no_budget_means_no_alarm_and_a_budget_leaves_none_behind():
    import signal

    for seconds in (None, 0):
        with budget.time_budget(seconds):
            assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    with budget.time_budget(60):
        assert signal.getitimer(signal.ITIMER_REAL)[0] > 0
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_file_timeout_option_reaches_the_engine(tmp_path, shardfix):
    from codemods.invocation import make_setup

    assert make_setup([tmp_path], file_timeout=5).options.file_timeout == 5
    assert make_setup([tmp_path], file_timeout=0).options.file_timeout is None  # 0: no limit
    assert make_setup([tmp_path]).options.file_timeout == budget.DEFAULT_FILE_TIMEOUT
    write(tmp_path, "ok.py", PVARY)
    assert shardfix("check", "--file-timeout", "0", "ok.py", cwd=tmp_path).returncode == 1
    refused = shardfix("check", "--file-timeout", "-1", "ok.py", cwd=tmp_path)
    assert refused.returncode == 2 and b"file-timeout" in refused.stderr

"""Golden tests: every fixture case is a rule's specification (Fixit's habit).

fix(before) == after, fix(after) == after, check(after) is clean, and clean files stay silent.
after.py files were written by hand from the facts, never by the tool.
"""
from __future__ import annotations

import ast

import pytest

from codemods.engine import process_source
from codemods.rules import rule_by_code
from fixture_cases import clean_files, clean_options, golden_cases

CASES = golden_cases()


def test_every_rule_has_enough_cases():
    counts: dict[str, int] = {}
    for case in CASES:
        counts[case.code] = counts.get(case.code, 0) + 1
    assert counts.get("SF201", 0) >= 8
    for code, count in counts.items():
        assert rule_by_code(code) is not None, f"fixtures for unknown rule {code}"
        assert count >= 6, f"{code} has only {count} golden cases"


@pytest.mark.parametrize("case", [case for case in CASES if not case.fixes], ids=str)
def test_report_only_case_is_found_and_left_alone(case):
    before = (case.directory / "before.py").read_text(encoding="utf-8")
    result = process_source(before, str(case.directory / "before.py"), case.options(), fix=True)
    assert result.error is None
    assert [f.code for f in result.findings].count(case.code) == 1, result.findings
    assert all(f.fix is None for f in result.findings if f.code == case.code)
    assert result.output == before
    assert not (case.directory / "after.py").exists()


FIXED = [case for case in CASES if case.fixes]


@pytest.mark.parametrize("case", FIXED, ids=str)
def test_fix_turns_before_into_after(case):
    before = (case.directory / "before.py").read_text(encoding="utf-8")
    after = (case.directory / "after.py").read_text(encoding="utf-8")
    result = process_source(before, str(case.directory / "before.py"), case.options(), fix=True)
    assert result.error is None
    assert any(f.code == case.code for f in process_source(before, "before.py", case.options()).findings)
    assert result.output == after
    ast.parse(result.output)


@pytest.mark.parametrize("case", FIXED, ids=str)
def test_after_is_a_fixpoint_and_clean(case):
    after = (case.directory / "after.py").read_text(encoding="utf-8")
    result = process_source(after, "after.py", case.options(), fix=True)
    assert result.error is None
    assert result.output == after
    assert result.findings == []


@pytest.mark.parametrize("path", clean_files(), ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_clean_files_stay_silent(path):
    source = path.read_text(encoding="utf-8")
    result = process_source(source, str(path), clean_options(path), fix=True)
    assert result.error is None
    assert result.findings == []
    assert result.output == source

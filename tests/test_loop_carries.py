"""One carry rule on both sides of the analysis (codemods/analysis/loop_carries.py): a run that
goes on past `lax.scan` / `fori_loop` / `while_loop` holds the carry in the state it went in (JAX
0.10.2 rejects a carry that comes out otherwise, and never joins the two states). The script run
is checked here alone, with the abstract interpreter's reading of the carry made unknown."""
from __future__ import annotations

from pathlib import Path

import pytest

from codemods import jaxapi
from codemods.analysis import control, higher_order
from codemods.analysis.values import UNKNOWN
from codemods.engine import Options, process_source

FORMS = Path(__file__).parent / "data" / "forms"


def _lines(stem: str) -> list[int]:
    path = FORMS / f"{stem}.py"
    result = process_source(path.read_text(encoding="utf-8"), str(path), Options(target=jaxapi.NEWEST_KNOWN), fix=False)
    assert result.error is None
    return sorted(finding.span.line for finding in result.findings if finding.code.startswith("SF1"))


@pytest.fixture
def script_run_alone(monkeypatch):
    unknown = lambda init, out: UNKNOWN  # noqa: E731
    monkeypatch.setattr(control, "carried", unknown)
    monkeypatch.setattr(higher_order, "carried", unknown)


def test_the_script_run_keeps_a_reduced_carry_the_step_keeps(script_run_alone):
    assert _lines("kc2_sf103_scan_keeps_a_reduced_carry") == [13]


def test_the_script_run_stops_at_a_carry_given_back_in_another_state(script_run_alone):
    assert _lines("nkc2_sf103_scan_carry_leaves_reduced_state") == []

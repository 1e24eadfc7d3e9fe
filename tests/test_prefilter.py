"""The filters in front of LibCST (byte prefilter, ast relevance, sparse text) must never
change what is found or fixed: compare with everything parsed in full."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from codemods.engine import Options, process_source

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted(p for p in (ROOT / "fixtures").rglob("*.py"))


def _compare(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    for unsafe in (False, True):
        filtered = process_source(source, str(path), Options(unsafe_fixes=unsafe), fix=True)
        full = process_source(source, str(path), Options(unsafe_fixes=unsafe, prefilter=False), fix=True)
        assert filtered.findings == full.findings
        assert filtered.output == full.output
        assert filtered.error == full.error


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_filters_change_nothing_on_fixtures(path):
    _compare(path)


def _installed_jax_sample() -> list[Path]:
    spec = importlib.util.find_spec("jax")
    if spec is None or spec.origin is None:
        return []
    root = Path(spec.origin).parent
    # Files that pass the byte prefilter and are small enough to parse in full quickly.
    options = Options()
    from codemods.engine import might_have_findings

    sample = [p for p in sorted(root.rglob("*.py")) if p.stat().st_size < 40_000
              and might_have_findings(p.read_bytes(), options)]
    return sample[:25]


@pytest.mark.slow
@pytest.mark.parametrize("path", _installed_jax_sample(), ids=lambda p: p.name)
def test_filters_change_nothing_on_installed_jax(path):
    _compare(path)

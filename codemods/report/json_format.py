"""One JSON record per finding (ruff's field names where they exist)."""
from __future__ import annotations

import json
from typing import Sequence

from codemods.model import FileResult, Finding


def record(finding: Finding) -> dict:
    return {
        "code": finding.code,
        "path": finding.path,
        "line": finding.span.line,
        "column": finding.span.column,
        "end_line": finding.span.end_line,
        "end_column": finding.span.end_column,
        "message": finding.message,
        "fix_available": finding.fix is not None,
        "fix_safety": finding.fix.safety.value if finding.fix else None,
        "fix_description": finding.fix.description if finding.fix else None,
        "evidence": dict(finding.evidence),
        "unfixable": finding.unfixable,
    }


def render(results: Sequence[FileResult], rules=(), shard: tuple[int, int] | None = None) -> str:
    """`shard` (K, N) labels the report of a `--shard K/N` run, so merge-reports can tell a
    shard given twice or missing."""
    records = [record(f) for r in results for f in r.findings]
    errors = [{"path": r.path, "error": r.error} for r in results if r.error]
    report: dict = {"findings": records, "errors": errors}
    if shard is not None:
        report["shard"] = f"{shard[0]}/{shard[1]}"
    return json.dumps(report, indent=2) + "\n"

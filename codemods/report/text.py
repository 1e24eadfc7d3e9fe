"""The terminal report: findings like ruff prints them, coloured diffs, a summary."""
from __future__ import annotations

from collections import Counter
from typing import Sequence

from rich.console import Console
from rich.text import Text

from codemods.model import FileResult, Finding, Safety

_DIFF_STYLES = {"+": "green", "-": "red", "@": "cyan"}


def finding_line(finding: Finding, show_fix: bool = True) -> Text:
    marker = ""
    if show_fix and finding.fix is not None and finding.unfixable is None:
        marker = "[*] " if finding.fix.safety is Safety.SAFE else "[!] "
    text = Text()
    text.append(finding.path, style="bold")
    text.append(f":{finding.span.line}:{finding.span.column}: ")
    text.append(finding.code, style="bold red")
    text.append(f" {marker}{finding.message}")
    if finding.unfixable:
        text.append(f" (not fixed: {finding.unfixable})", style="dim")
    return text


def print_findings(console: Console, results: Sequence[FileResult], show_evidence: bool = False) -> None:
    for result in results:
        for finding in result.findings:
            console.print(finding_line(finding), soft_wrap=True)
            if show_evidence:
                for name, state in finding.evidence:
                    console.print(Text(f"    {name}: {state}", style="dim"), soft_wrap=True)


def print_errors(console: Console, results: Sequence[FileResult]) -> None:
    for result in results:
        if result.error:
            line = Text()
            line.append("error: ", style="bold red")
            line.append(f"{result.path}: {result.error}")
            console.print(line, soft_wrap=True)


def print_diff(console: Console, diff: str) -> None:
    for line in diff.splitlines():
        style = "bold" if line.startswith(("+++", "---")) else _DIFF_STYLES.get(line[:1])
        console.print(Text(line, style=style or ""), soft_wrap=True, highlight=False)


def summary(results: Sequence[FileResult], *, fixed: int = 0) -> str:
    findings = [f for r in results for f in r.findings]
    errors = sum(1 for r in results if r.error)
    files = len(results)
    parts = []
    if fixed:
        parts.append(f"Fixed {fixed} finding{'s' * (fixed != 1)}")
    if findings:
        fixable = sum(1 for f in findings if f.fix is not None and f.unfixable is None)
        safe = sum(1 for f in findings if f.fix is not None and f.unfixable is None and f.fix.safety is Safety.SAFE)
        text = f"Found {len(findings)} finding{'s' * (len(findings) != 1)}"
        if fixable:
            text += f" ({safe} fixable"
            text += f", {fixable - safe} with unsafe fixes (--unsafe-fixes))" if fixable - safe else ")"
        parts.append(text)
    elif not fixed:
        parts.append("No findings" if errors else "All checks passed")
    if errors:
        parts.append(f"{errors} file{'s' * (errors != 1)} with errors")
    return f"{'; '.join(parts)} ({files} file{'s' * (files != 1)} checked)."


def statistics(results: Sequence[FileResult]) -> list[tuple[str, int, int]]:
    counts = Counter(f.code for r in results for f in r.findings)
    fixable = Counter(f.code for r in results for f in r.findings if f.fix is not None)
    return [(code, counts[code], fixable[code]) for code in sorted(counts)]


def not_fixed(results: Sequence[FileResult]) -> str | None:
    """After `apply`: how many findings remain and why each kind was not fixed."""
    reasons: Counter[str] = Counter()
    for finding in (f for r in results for f in r.findings):
        if finding.unfixable:
            reasons["its fix was withdrawn (see the reason after the finding)"] += 1
        elif finding.fix is None:
            reasons["no automatic fix (rewrite by hand)"] += 1
        elif finding.fix.safety is not Safety.SAFE:
            reasons["unsafe fix (needs --unsafe-fixes)"] += 1
        else:
            reasons["not applied"] += 1
    total = sum(reasons.values())
    if not total:
        return None
    parts = "; ".join(f"{count}: {why}" for why, count in reasons.most_common())
    return f"{total} finding{'s' * (total != 1)} not fixed. {parts}."

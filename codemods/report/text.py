"""The terminal report: findings like ruff prints them, coloured diffs, a summary."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Sequence

from codemods.model import FileResult, Finding, Safety

# rich is imported where a line is styled: a console run into a pipe prints plain lines without
# it (report/plain.py).
if TYPE_CHECKING:
    from rich.console import Console
    from rich.text import Text

_DIFF_STYLES = {"+": "green", "-": "red", "@": "cyan"}


def _marker(finding: Finding, show_fix: bool) -> str:
    if show_fix and finding.fix is not None and finding.unfixable is None:
        return "[*] " if finding.fix.safety is Safety.SAFE else "[!] "
    return ""


def finding_text(finding: Finding, show_fix: bool = True) -> str:
    """`finding_line` without its styles."""
    text = f"{finding.path}:{finding.span.line}:{finding.span.column}: {finding.code} {_marker(finding, show_fix)}{finding.message}"
    return f"{text} (not fixed: {finding.unfixable})" if finding.unfixable else text


def finding_line(finding: Finding, show_fix: bool = True) -> Text:
    from rich.text import Text

    marker = _marker(finding, show_fix)
    text = Text()
    text.append(finding.path, style="bold")
    text.append(f":{finding.span.line}:{finding.span.column}: ")
    text.append(finding.code, style="bold red")
    text.append(f" {marker}{finding.message}")
    if finding.unfixable:
        text.append(f" (not fixed: {finding.unfixable})", style="dim")
    return text


def print_findings(console: Console, results: Sequence[FileResult], show_evidence: bool = False) -> None:
    literal = getattr(console, "literal", None)  # a console without styles (report/plain.py)
    for result in results:
        for finding in result.findings:
            if literal is not None:
                literal(finding_text(finding))
            else:
                console.print(finding_line(finding), soft_wrap=True)
            if show_evidence:
                for name, state in finding.evidence:
                    if literal is not None:
                        literal(f"    {name}: {state}")
                    else:
                        from rich.text import Text

                        console.print(Text(f"    {name}: {state}", style="dim"), soft_wrap=True)


def print_errors(console: Console, results: Sequence[FileResult]) -> None:
    literal = getattr(console, "literal", None)
    for result in results:
        if result.error:
            if literal is not None:
                literal(f"error: {result.path}: {result.error}")
                continue
            from rich.text import Text

            line = Text()
            line.append("error: ", style="bold red")
            line.append(f"{result.path}: {result.error}")
            console.print(line, soft_wrap=True)


def print_diff(console: Console, diff: str) -> None:
    from rich.text import Text

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

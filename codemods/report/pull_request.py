"""The pull request's text for a fix run: its Markdown body and the commit message."""
from __future__ import annotations

import html
import re
from collections import Counter, defaultdict
from collections.abc import Iterable

from codemods import engine
from codemods.model import Finding
from codemods.redaction import redact
from codemods.report.diff import file_diff
from codemods.rules import rule_by_code


def _rule_label(code: str) -> str:
    rule = rule_by_code(code)
    return f"{code} `{rule.name}`" if rule else code


def _cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


_ERROR_QUOTE = re.compile(r"`((?:[A-Za-z_][\w.]*\.)?[A-Z]\w*(?:Error|Exception|Warning)\b[^`]*)`")


def jax_error_text(finding: Finding) -> str | None:
    """What JAX says about this problem: the rule's `jax_error` when it has one, else the error
    its documentation quotes (when it quotes several, the one naming what the finding names)."""
    rule = rule_by_code(finding.code)
    if rule is None:
        return None
    explicit = getattr(rule, "jax_error", None)
    if isinstance(explicit, str) and explicit:
        return explicit
    doc = getattr(rule, "doc", None)
    for quote in _ERROR_QUOTE.findall(getattr(doc, "why", "") or ""):
        names = re.findall(r"'(\w+)'", quote)
        if not names or any(re.search(rf"\b{re.escape(n)}\b", finding.message) for n in names):
            return quote
    return None


def _fence(text: str) -> str:
    longest = max((len(m) for m in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def _safety(findings: Iterable[Finding]) -> str:
    kinds = sorted({f.fix.safety.value if f.fix else "no fix" for f in findings})
    return ", ".join(kinds) or "-"


def counts_line(applied: list[Finding]) -> str:
    per_rule = Counter(f.code for f in applied)
    return ", ".join(f"{code}: {n}" for code, n in sorted(per_rule.items()))


def plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word}" + ("es" if word.endswith(("s", "x", "sh", "ch")) else "s")


def pr_body(run: engine.Run, validation_md: str | None = None, *, base: str | None = None,
            include_diff: bool = True) -> str:
    """The pull-request body (Markdown) for a fix run whose paths are repo-relative."""
    applied = [f for r in run.results for f in r.applied]
    remaining = [f for r in run.results for f in r.findings]
    changed = [r for r in run.results if r.changed]
    lines = [
        f"shardfix applied **{plural(len(applied), 'fix')}** in **{plural(len(changed), 'file')}**"
        + (f" on `{base}`" if base else "") + ".",
        "",
        "| Rule | What | Files | Findings | Fixed | Fix safety |",
        "|---|---|---:|---:|---:|---|",
    ]
    by_rule: dict[str, list[Finding]] = defaultdict(list)
    for f in applied + remaining:
        by_rule[f.code].append(f)
    fixed_by_rule = Counter(f.code for f in applied)
    for code in sorted(by_rule):
        found = by_rule[code]
        rule = rule_by_code(code)
        lines.append(f"| {_cell(_rule_label(code))} | {_cell(rule.summary if rule else '')} "
                     f"| {len({f.path for f in found})} | {len(found)} | {fixed_by_rule[code]} "
                     f"| {_safety(found)} |")
    lines.append("")

    def finding_lines(findings: list[Finding], status: str) -> list[str]:
        out = []
        for f in sorted(findings, key=Finding.sort_key):
            out.append(f"- `{f.path}:{f.span.line}:{f.span.column}` **{f.code}** {f.message} ({status})")
            jax = jax_error_text(f)
            if jax:
                out.append(f"  - JAX: `{jax}`")
        return out

    if applied:
        lines += ["### Fixed", ""] + finding_lines(applied, "fixed") + [""]
    if remaining:
        lines += ["### Not fixed (review by hand)", ""]
        for f in sorted(remaining, key=Finding.sort_key):
            status = "unsafe fix not applied" if f.fix else "no automatic fix"
            lines += finding_lines([f], status)
        lines.append("")
    if run.errors:
        lines += ["### Files not processed", ""]
        lines += [f"- `{r.path}`: {r.error}" for r in run.errors] + [""]
    if changed:
        lines += ["### Changes", ""]
        if include_diff:
            for r in changed:
                diff = file_diff(r)
                added = sum(1 for d in diff.splitlines() if d.startswith("+") and not d.startswith("+++"))
                removed = sum(1 for d in diff.splitlines() if d.startswith("-") and not d.startswith("---"))
                fence = _fence(diff)
                lines += [
                    (f"<details><summary><code>{html.escape(r.path)}</code> "
                     f"({plural(len(r.applied), 'fix')}, +{added} −{removed})</summary>"),
                    "",
                    f"{fence}diff",
                    diff.rstrip("\n"),
                    fence,
                    "",
                    "</details>",
                    "",
                ]
        else:
            lines += ["The diff is too large for the pull-request body; see the commit.", ""]
    if validation_md:
        lines += ["### Validation", "", validation_md.rstrip("\n"), ""]
    lines += ["---", "<sub>Generated by `shardfix pr`; running it again updates this branch and pull request.</sub>"]
    return redact("\n".join(lines) + "\n")


def commit_message(title: str, run: engine.Run) -> str:
    applied = [f for r in run.results for f in r.applied]
    changed = [r for r in run.results if r.changed]
    lines = [title, "", f"Applied {plural(len(applied), 'fix')} in {plural(len(changed), 'file')}:", ""]
    files_by_rule: dict[str, set[str]] = defaultdict(set)
    for f in applied:
        files_by_rule[f.code].add(f.path)
    per_rule = Counter(f.code for f in applied)
    for code in sorted(per_rule):
        rule = rule_by_code(code)
        name = f" {rule.name}" if rule else ""
        lines.append(f"- {code}{name}: {plural(per_rule[code], 'fix')} in {plural(len(files_by_rule[code]), 'file')}")
    return "\n".join(lines) + "\n"

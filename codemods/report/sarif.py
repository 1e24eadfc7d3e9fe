"""SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.

One run; the driver lists every rule that was run (sorted by code) with its documentation;
each finding is a result with its region and, when it has a fix, the fix as replacements of
regions of the file. Files that could not be checked become error notifications of the
invocation.

The log is a pure function of the findings: results are sorted by (uri, line, column, rule),
so `merge.py` can rebuild exactly what one run over all shards gives.
"""
from __future__ import annotations

import bisect
import json
import os
import re
from pathlib import PurePath
from typing import Any, Iterable, Sequence
from urllib.parse import quote

from codemods.model import FileResult, Finding, RuleDoc

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SARIF_VERSION = "2.1.0"
TOOL_NAME = "shardfix"
INFORMATION_URI = "https://github.com/shardfix/shardfix"
HELP_URI = "https://github.com/shardfix/shardfix/blob/main/docs/rules/{code}.md"
SRCROOT = "%SRCROOT%"

# The line ends LibCST (and codemods.context) count: a Python source line ends at \r\n, \r or \n.
_LINE_END = re.compile(r"\r\n|\r|\n")


def tool_version() -> str:
    try:
        from codemods import __version__
    except ImportError:
        return "0"
    return str(__version__)


# --- paths --------------------------------------------------------------------------------


def relative_path(path: str) -> str:
    """`path` as a POSIX path relative to the working directory when it lies under it."""
    if os.path.isabs(path):
        try:
            rel = os.path.relpath(path)
        except ValueError:  # another drive on Windows
            rel = path
        if not rel.startswith(os.pardir):
            path = rel
    if os.sep != "/":
        path = path.replace(os.sep, "/")
    while path.startswith("./"):
        path = path[2:]
    return path


def artifact_location(path: str) -> dict:
    """A relative path resolves against %SRCROOT% (the checkout); anything else is a file URI."""
    rel = relative_path(path)
    if os.path.isabs(rel) or rel.startswith("../"):
        try:
            return {"uri": PurePath(os.path.abspath(path)).as_uri()}
        except ValueError:
            pass
    return {"uri": quote(rel, safe="/"), "uriBaseId": SRCROOT}


# --- rules --------------------------------------------------------------------------------


def _indent(code: str) -> str:
    return "\n".join("    " + line if line else "" for line in code.splitlines())


def help_text(doc: RuleDoc) -> str:
    parts = [f"What it does:\n{doc.what}"]
    if doc.follows:
        parts.append("What the analysis follows:\n" + doc.follows_list())
    parts += [f"Why is this bad?\n{doc.why}",
              f"Example:\n{_indent(doc.example)}", f"Use instead:\n{_indent(doc.use_instead)}",
              f"Fix safety:\n{doc.fix_safety}"]
    if doc.versions:
        parts.append(f"Versions:\n{doc.versions}")
    return "\n\n".join(parts)


def help_markdown(doc: RuleDoc) -> str:
    parts = [f"## What it does\n{doc.what}"]
    if doc.follows:
        parts.append("## What the analysis follows\n" + doc.follows_list())
    parts += [f"## Why is this bad?\n{doc.why}",
              f"## Example\n```python\n{doc.example}\n```", f"Use instead:\n```python\n{doc.use_instead}\n```",
              f"## Fix safety\n{doc.fix_safety}"]
    if doc.versions:
        parts.append(f"## Versions\n{doc.versions}")
    return "\n\n".join(parts)


def rule_descriptor(rule) -> dict:
    """The reportingDescriptor of a Rule class."""
    descriptor: dict[str, Any] = {"id": rule.code, "name": rule.name,
                                  "shortDescription": {"text": rule.summary}}
    doc = getattr(rule, "doc", None)
    if doc is not None:
        descriptor["fullDescription"] = {"text": doc.what}
        descriptor["help"] = {"text": help_text(doc), "markdown": help_markdown(doc)}
    descriptor["helpUri"] = HELP_URI.format(code=rule.code)
    descriptor["defaultConfiguration"] = {"level": "error"}
    return descriptor


def _lookup_rule(code: str):
    try:
        from codemods.rules import rule_by_code
        return rule_by_code(code)
    except Exception:  # pragma: no cover - the registry is optional here
        return None


def _descriptors(rules: Iterable, codes: Iterable[str]) -> list[dict]:
    by_code = {rule.code: rule_descriptor(rule) for rule in rules}
    for code in codes:  # a finding of a rule the caller did not list: still describe it
        if code not in by_code:
            rule = _lookup_rule(code)
            by_code[code] = rule_descriptor(rule) if rule is not None else {"id": code}
    return [by_code[code] for code in sorted(by_code)]


# --- regions ------------------------------------------------------------------------------


class _Lines:
    """Character offset -> 1-based (line, column), counting lines as Python does."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in _LINE_END.finditer(text)]

    def position(self, offset: int) -> tuple[int, int]:
        index = bisect.bisect_right(self.starts, offset) - 1
        return index + 1, offset - self.starts[index] + 1


def finding_region(finding: Finding) -> dict:
    span = finding.span
    return {"startLine": span.line, "startColumn": span.column,
            "endLine": span.end_line, "endColumn": span.end_column}


def _fix(finding: Finding, location: dict, lines: _Lines) -> dict:
    fix = finding.fix
    replacements = []
    for edit in sorted(fix.edits):
        start_line, start_column = lines.position(edit.start)
        end_line, end_column = lines.position(edit.end)
        replacements.append({
            "deletedRegion": {"startLine": start_line, "startColumn": start_column,
                              "endLine": end_line, "endColumn": end_column},
            "insertedContent": {"text": edit.replacement},
        })
    return {"description": {"text": fix.description},
            "artifactChanges": [{"artifactLocation": dict(location), "replacements": replacements}],
            "properties": {"safety": fix.safety.value}}


def _result(finding: Finding, path: str, lines: _Lines | None) -> dict:
    location = artifact_location(path)
    result: dict[str, Any] = {
        "ruleId": finding.code,
        "ruleIndex": -1,  # set once the rule list is known
        "level": "error",
        "message": {"text": finding.message},
        "locations": [{"physicalLocation": {"artifactLocation": location, "region": finding_region(finding)}}],
    }
    if finding.fix is not None and finding.fix.edits and lines is not None:
        result["fixes"] = [_fix(finding, location, lines)]
    if finding.evidence:
        result["properties"] = {"evidence": dict(finding.evidence)}
    return result


def _notification(result: FileResult) -> dict:
    return {"level": "error", "message": {"text": result.error},
            "locations": [{"physicalLocation": {"artifactLocation": artifact_location(result.path)}}]}


# --- the log ------------------------------------------------------------------------------


def _uri(obj: dict) -> str:
    try:
        return obj["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    except (KeyError, IndexError, TypeError):
        return ""


def result_key(result: dict) -> tuple:
    try:
        region = result["locations"][0]["physicalLocation"]["region"]
    except (KeyError, IndexError, TypeError):
        region = {}
    return (_uri(result), region.get("startLine", 0), region.get("startColumn", 0), result.get("ruleId", ""))


def notification_key(notification: dict) -> tuple:
    return (_uri(notification), notification.get("message", {}).get("text", ""))


def build_log(descriptors: list[dict], results: list[dict], notifications: list[dict],
              successful: bool = True, version: str | None = None) -> dict:
    """The SARIF log for these parts, in canonical order (rules by id, results by location)."""
    descriptors = sorted(descriptors, key=lambda d: d["id"])
    index = {d["id"]: i for i, d in enumerate(descriptors)}
    ordered = sorted(results, key=result_key)
    for result in ordered:
        if result.get("ruleId") in index:
            result["ruleIndex"] = index[result["ruleId"]]
        else:
            result.pop("ruleIndex", None)
    invocation: dict[str, Any] = {"executionSuccessful": successful}
    if notifications:
        invocation["toolExecutionNotifications"] = sorted(notifications, key=notification_key)
    driver = {"name": TOOL_NAME, "version": version if version is not None else tool_version(),
              "informationUri": INFORMATION_URI, "rules": descriptors}
    run = {"tool": {"driver": driver}, "invocations": [invocation], "columnKind": "unicodeCodePoints",
           "results": ordered}
    return {"$schema": SCHEMA_URI, "version": SARIF_VERSION, "runs": [run]}


def dumps(log: dict) -> str:
    return json.dumps(log, indent=2) + "\n"


def render(results: Sequence[FileResult], rules: Sequence = (), shard: tuple[int, int] | None = None) -> str:
    """`shard` (K, N) goes in the run's property bag: merge-reports checks the shards with it."""
    sarif_results = []
    for file_result in results:
        # Findings point into the text they were found in: the fixed text after `apply`.
        text = file_result.fixed if file_result.fixed is not None else file_result.original
        lines = _Lines(text) if text is not None else None
        sarif_results.extend(_result(f, f.path or file_result.path, lines) for f in file_result.findings)
    codes = sorted({f.code for r in results for f in r.findings})
    notifications = [_notification(r) for r in results if r.error]
    log = build_log(_descriptors(rules, codes), sarif_results, notifications)
    if shard is not None:
        log["runs"][0]["properties"] = {"shard": f"{shard[0]}/{shard[1]}"}
    return dumps(log)

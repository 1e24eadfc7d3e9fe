"""GitHub Actions workflow commands: one `::error` annotation per finding.

    ::error file=src/a.py,line=3,col=5,endLine=3,endColumn=12,title=SF201::message

Escaping follows @actions/core (toolkit `command.ts`): the message escapes `%`, CR and LF;
property values also escape `:` and `,`.
"""
from __future__ import annotations

from typing import Sequence

from codemods.model import FileResult, Finding
from codemods.report.sarif import relative_path


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(name: str, properties: dict[str, object], message: str) -> str:
    props = ",".join(f"{key}={escape_property(str(value))}" for key, value in properties.items())
    return f"::{name} {props}::{escape_data(message)}" if props else f"::{name}::{escape_data(message)}"


def finding_line(finding: Finding, path: str) -> str:
    span = finding.span
    return command("error", {"file": relative_path(path), "line": span.line, "col": span.column,
                             "endLine": span.end_line, "endColumn": span.end_column, "title": finding.code},
                   finding.message)


def error_line(result: FileResult) -> str:
    return command("error", {"file": relative_path(result.path), "title": "shardfix"},
                   f"cannot check this file: {result.error}")


def render(results: Sequence[FileResult], rules=()) -> str:
    findings = sorted(((f.path or r.path, f) for r in results for f in r.findings),
                      key=lambda pf: (relative_path(pf[0]), pf[1].span.line, pf[1].span.column, pf[1].code))
    lines = [finding_line(finding, path) for path, finding in findings]
    lines += [error_line(r) for r in sorted((r for r in results if r.error), key=lambda r: relative_path(r.path))]
    return "".join(line + "\n" for line in lines)

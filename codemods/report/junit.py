"""JUnit XML, for CI systems that show test reports (GitLab, Jenkins, Azure Pipelines).

One testcase per file checked (classname and name are its path); one `<failure>` per
finding, typed by the rule code; an `<error>` for a file that could not be checked.
The counts are of testcases: `failures` files with findings, `errors` files not checked.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Sequence

from codemods.model import FileResult, Finding

# Characters XML 1.0 cannot hold even escaped, and lone surrogates (undecodable file names).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def xml_text(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


def _failure_text(finding: Finding, path: str) -> str:
    span = finding.span
    text = f"{path}:{span.line}:{span.column}: {finding.code} {finding.message}"
    if finding.fix is not None:
        text += f"\nfix ({finding.fix.safety.value}): {finding.fix.description}"
    return text


def build(results: Sequence[FileResult]) -> ET.Element:
    ordered = sorted(results, key=lambda r: r.path)
    failures = sum(1 for r in ordered if r.findings)
    errors = sum(1 for r in ordered if r.error)
    counts = {"tests": str(len(ordered)), "failures": str(failures), "errors": str(errors)}
    root = ET.Element("testsuites", {"name": "shardfix", **counts})
    suite = ET.SubElement(root, "testsuite", {"name": "shardfix", **counts, "skipped": "0"})
    for result in ordered:
        path = xml_text(result.path)
        case = ET.SubElement(suite, "testcase", {"classname": path, "name": path})
        for finding in result.findings:
            span = finding.span
            failure = ET.SubElement(case, "failure", {
                "message": xml_text(f"{finding.code} at line {span.line}, column {span.column}: {finding.message}"),
                "type": xml_text(finding.code),
            })
            failure.text = xml_text(_failure_text(finding, result.path))
        if result.error:
            error = ET.SubElement(case, "error", {"message": xml_text(result.error), "type": "error"})
            error.text = xml_text(f"{result.path}: {result.error}")
    return root


def render(results: Sequence[FileResult], rules=()) -> str:
    root = build(results)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"

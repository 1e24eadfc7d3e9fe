"""JUnit XML, for CI systems that show test reports (GitLab, Jenkins, Azure Pipelines).

Valid against the Apache Ant JUnit schema (tests/data/JUnit.xsd), which allows one `<failure>`
per testcase: so, like ruff, one testcase per finding (classname: the file, name: the code and
position) with one `<failure>`; a file without findings is one passing testcase (so the report
shows it was checked) and a file that could not be checked one testcase with an `<error>`.
"""
from __future__ import annotations

import re
import socket
import time
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


def _case(suite: ET.Element, path: str, name: str) -> ET.Element:
    return ET.SubElement(suite, "testcase", {"name": xml_text(name), "classname": xml_text(path), "time": "0"})


def build(results: Sequence[FileResult]) -> ET.Element:
    ordered = sorted(results, key=lambda r: r.path)
    root = ET.Element("testsuites")
    suite = ET.SubElement(root, "testsuite", {
        "package": "shardfix", "id": "0", "name": "shardfix",
        "timestamp": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime()),
        "hostname": xml_text(socket.gethostname() or "localhost"),
    })
    ET.SubElement(suite, "properties")
    tests = failures = errors = 0
    for result in ordered:
        for finding in result.findings:
            span = finding.span
            case = _case(suite, result.path, f"{finding.code} at {span.line}:{span.column}")
            failure = ET.SubElement(case, "failure", {
                "message": xml_text(f"{finding.code} at line {span.line}, column {span.column}: {finding.message}"),
                "type": xml_text(finding.code),
            })
            failure.text = xml_text(_failure_text(finding, result.path))
            tests, failures = tests + 1, failures + 1
        if result.error:
            case = _case(suite, result.path, result.path)
            error = ET.SubElement(case, "error", {"message": xml_text(result.error), "type": "error"})
            error.text = xml_text(f"{result.path}: {result.error}")
            tests, errors = tests + 1, errors + 1
        elif not result.findings:
            _case(suite, result.path, result.path)
            tests += 1
    ET.SubElement(suite, "system-out")
    ET.SubElement(suite, "system-err")
    suite.attrib.update({"tests": str(tests), "failures": str(failures), "errors": str(errors),
                         "skipped": "0", "time": "0"})
    return root


def render(results: Sequence[FileResult], rules=()) -> str:
    root = build(results)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"

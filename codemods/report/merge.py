"""`shardfix merge-reports`: join the reports of shards into the report of one run.

Both the JSON format ({"findings": [...], "errors": [...]}) and SARIF 2.1.0 are understood;
the inputs must all be of one kind. Findings are put in (path, line, column, code) order,
errors in path order, SARIF rules are deduplicated by id and every result's ruleIndex is
recomputed, so the merged report is what a single run over all the files gives.
"""
from __future__ import annotations

import json
from typing import Sequence

from codemods.report import sarif

JSON = "json"
SARIF = "sarif"


def report_kind(report: object) -> str | None:
    """"sarif", "json" or None for a parsed report."""
    if not isinstance(report, dict):
        return None
    if report.get("version") == sarif.SARIF_VERSION or "sarif" in str(report.get("$schema", "")).lower():
        return SARIF
    if isinstance(report.get("findings"), list) and isinstance(report.get("errors", []), list):
        return JSON
    return None


def _parse(texts: Sequence[str], names: Sequence[str]) -> tuple[str, list[dict]]:
    reports, kinds = [], {}
    for name, text in zip(names, texts):
        try:
            report = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{name}: not a JSON document ({exc})") from None
        kind = report_kind(report)
        if kind is None:
            raise ValueError(f"{name}: neither a shardfix JSON report nor a SARIF 2.1.0 log")
        kinds.setdefault(kind, name)
        reports.append(report)
    if len(kinds) > 1:
        raise ValueError(f"cannot merge different report kinds: {kinds[JSON]} is a JSON report "
                         f"but {kinds[SARIF]} is SARIF; merge reports of one --format")
    return next(iter(kinds)), reports


def _finding_key(record: dict) -> tuple:
    return (str(record.get("path", "")), record.get("line", 0), record.get("column", 0), str(record.get("code", "")))


def merge_json(reports: Sequence[dict]) -> str:
    findings = sorted((r for report in reports for r in report["findings"]), key=_finding_key)
    errors = sorted((e for report in reports for e in report.get("errors", [])), key=lambda e: str(e.get("path", "")))
    return json.dumps({"findings": findings, "errors": errors}, indent=2) + "\n"


def merge_sarif(reports: Sequence[dict], names: Sequence[str]) -> str:
    runs = [(name, run) for name, report in zip(names, reports) for run in report.get("runs", [])]
    if not runs:
        raise ValueError("the SARIF logs hold no runs")
    tools = {}
    for name, run in runs:
        driver = run.get("tool", {}).get("driver", {})
        tools.setdefault((driver.get("name"), driver.get("version")), name)
    if len(tools) > 1:
        (tool_a, name_a), (tool_b, name_b) = list(tools.items())[:2]
        raise ValueError(f"cannot merge SARIF of different tools: {name_a} is from {tool_a[0]} {tool_a[1]}, "
                         f"{name_b} from {tool_b[0]} {tool_b[1]}")
    (tool_name, version), = tools
    if tool_name != sarif.TOOL_NAME:
        raise ValueError(f"{runs[0][0]}: not a shardfix SARIF log (tool {tool_name!r})")
    descriptors: dict[str, dict] = {}
    results, notifications, successful = [], [], True
    for _name, run in runs:
        for descriptor in run["tool"]["driver"].get("rules", []):
            # A shard that ran without a rule describes it only by id: keep the fuller description.
            known = descriptors.get(descriptor["id"])
            if known is None or len(descriptor) > len(known):
                descriptors[descriptor["id"]] = descriptor
        results.extend(run.get("results", []))
        for invocation in run.get("invocations", []):
            successful = successful and invocation.get("executionSuccessful", True)
            notifications.extend(invocation.get("toolExecutionNotifications", []))
    for result in results:  # a rule only a result names (hand-edited input): still listed
        if result.get("ruleId"):
            descriptors.setdefault(result["ruleId"], {"id": result["ruleId"]})
    log = sarif.build_log(list(descriptors.values()), results, notifications, successful, version=version)
    return sarif.dumps(log)


def merge_reports(texts: list[str], names: Sequence[str] | None = None) -> str:
    """One report from the reports of shards. `names` (file names) only label error messages.

    Raises ValueError for no input, input that is not a report, or a mix of JSON and SARIF."""
    if not texts:
        raise ValueError("no reports to merge")
    names = list(names) if names is not None else [f"report {i + 1}" for i in range(len(texts))]
    kind, reports = _parse(texts, names)
    return merge_json(reports) if kind == JSON else merge_sarif(reports, names)

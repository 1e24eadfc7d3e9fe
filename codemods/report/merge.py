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


def _sarif_runs(reports: Sequence[dict], names: Sequence[str]) -> list[tuple[str, dict]]:
    runs = [(name, run) for name, report in zip(names, reports) for run in report.get("runs", [])]
    if not runs:
        raise ValueError("the SARIF logs hold no runs")
    return runs


def _sarif_version(runs: list[tuple[str, dict]]) -> str:
    """The shardfix version all the runs come from; ValueError when they differ."""
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
    return version


def merge_sarif(reports: Sequence[dict], names: Sequence[str]) -> str:
    runs = _sarif_runs(reports, names)
    version = _sarif_version(runs)
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


def _shard_label(report: dict, kind: str) -> str | None:
    if kind == JSON:
        return report.get("shard")
    labels = {run.get("properties", {}).get("shard") for run in report.get("runs", [])}
    return labels.pop() if len(labels) == 1 else None


def _paths(report: dict, kind: str) -> set[str]:
    if kind == JSON:
        return {str(r.get("path")) for r in report["findings"]} | {str(e.get("path")) for e in report.get("errors", [])}
    found = set()
    for run in report.get("runs", []):
        found |= {sarif.result_key(r)[0] for r in run.get("results", [])}
        for invocation in run.get("invocations", []):
            found |= {sarif.notification_key(n)[0] for n in invocation.get("toolExecutionNotifications", [])}
    return found


def check_shards(reports: Sequence[dict], kind: str, names: Sequence[str], expect: int | None) -> None:
    """Shards split the files: a label or a file seen twice means a shard was given twice, and
    with `expect` every one of 1..N must be there."""
    seen: dict[str, str] = {}
    for name, report in zip(names, reports):
        label = _shard_label(report, kind)
        if label is None:
            continue
        if label in seen:
            raise ValueError(f"shard {label} given twice: {seen[label]} and {name}")
        seen[label] = name
    owners: dict[str, int] = {}
    for index, report in enumerate(reports):
        for path in _paths(report, kind):
            if path in owners:
                raise ValueError(f"{path} is in both {names[owners[path]]} and {names[index]}: "
                                 f"the same shard given twice?")
            owners[path] = index
    counts = {label.split("/")[1] for label in seen}
    if len(counts) > 1:
        raise ValueError(f"the reports are shards of different splits: {', '.join(sorted(seen))}")
    if expect is not None:
        if counts and counts != {str(expect)}:
            raise ValueError(f"--expect {expect}, but the reports are shards of {counts.pop()}")
        missing = [f"{k}/{expect}" for k in range(1, expect + 1) if f"{k}/{expect}" not in seen]
        if seen and missing:
            raise ValueError(f"missing shard(s): {', '.join(missing)} (--expect {expect})")
        if len(reports) != expect:
            raise ValueError(f"--expect {expect} shards, got {len(reports)} report{'s' * (len(reports) != 1)}")


def merge_reports(texts: list[str], names: Sequence[str] | None = None, expect: int | None = None) -> str:
    """One report from the reports of shards. `names` (file names) only label error messages;
    `expect` is the number of shards there must be.

    Raises ValueError for no input, input that is not a report, a mix of JSON and SARIF, a
    shard given twice or (with `expect`) a shard missing."""
    if not texts:
        raise ValueError("no reports to merge")
    names = list(names) if names is not None else [f"report {i + 1}" for i in range(len(texts))]
    kind, reports = _parse(texts, names)
    if kind == SARIF:
        _sarif_version(_sarif_runs(reports, names))
    check_shards(reports, kind, names, expect)
    if kind == SARIF:
        for report in reports:
            for run in report.get("runs", []):
                run.get("properties", {}).pop("shard", None)
                if run.get("properties") == {}:
                    del run["properties"]
    return merge_json(reports) if kind == JSON else merge_sarif(reports, names)

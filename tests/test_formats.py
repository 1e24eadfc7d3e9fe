"""The machine-readable report formats (github, sarif, junit, json) and merge-reports.

Every output is checked the way its consumer reads it: SARIF against the official OASIS
schema, workflow commands parsed back and un-escaped, JUnit with an XML parser. The
FileResults are built by hand, so nothing here depends on what a rule finds.
"""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from codemods.model import Edit, FileResult, Finding, Fix, RuleDoc, Safety, Span
from codemods.report import github, json_format, junit, sarif
from codemods.report.merge import merge_reports

ROOT = Path(__file__).resolve().parents[1]
SCHEMA = json.loads((ROOT / "tests" / "data" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))


class FakeA:
    code = "SF900"
    name = "fake-removed-api"
    summary = "A removed API"
    doc = RuleDoc(what="Finds `old()`.", why="`old` was removed.", example="y = old(x)",
                  use_instead="y = new(x)", fix_safety="Safe.", versions="jax >= 0.8.2")


class FakeB:
    code = "SF901"
    name = "fake-axis-mismatch"
    summary = "An axis mismatch"
    doc = RuleDoc(what="Finds mismatched axes.", why="Values differ.", example="f(x)\ng(x)",
                  use_instead="f(y)", fix_safety="Unsafe: may change gradients.")


RULES = (FakeB, FakeA)  # deliberately unsorted

NASTY = "100% wrong: axes i, j\nsecond line: a,b\r\nthird %0A literal"

# A file whose fixed region follows a non-ASCII line, with an insertion at a line start.
SRC_A = "# caf\u00e9 \U0001d4b3\nimport jax\ny = jax.lax.pvary(x, 'i')\nz = old(y)\n"
# CRLF line ends and a fix spanning two lines.
SRC_B = "import jax\r\nf = old(\r\n    x)\r\nw = 1\r\n"
WEIRD = "pkg/we,ird:name 1.py"


def span_of(text: str, needle: str) -> tuple[Span, int, int]:
    start = text.index(needle)
    end = start + len(needle)
    line = text.count("\n", 0, start) + 1  # the sources below end lines with \n or \r\n
    col = start - (text.rfind("\n", 0, start) + 1) + 1
    end_line = text.count("\n", 0, end) + 1
    end_col = end - (text.rfind("\n", 0, end) + 1) + 1
    return Span(line, col, end_line, end_col), start, end


def make_results() -> list[FileResult]:
    s1, a1, b1 = span_of(SRC_A, "jax.lax.pvary(x, 'i')")
    line_z = SRC_A.index("z = old")
    f1 = Finding("SF900", "`pvary` was removed, use `pcast`", s1,
                 Fix("Use pcast", (Edit(a1, b1, "jax.lax.pcast(x, 'i', to='varying')"),
                                   Edit(line_z, line_z, "# migrated\n")), Safety.SAFE),
                 evidence=(("x", "varying on 'i'"),), path="a.py")
    s2, _, _ = span_of(SRC_A, "old(y)")
    f2 = Finding("SF901", NASTY, s2, path="a.py")
    s3, a3, b3 = span_of(SRC_B, "old(\r\n    x)")
    f3 = Finding("SF900", "`old` was removed", s3, Fix("Use new", (Edit(a3, b3, "new(x)"),), Safety.UNSAFE),
                 path=WEIRD)
    s4, _, _ = span_of(SRC_B, "w = 1")
    f4 = Finding("SF901", "another: one, with %", s4, path=WEIRD)
    return [
        FileResult("a.py", [f1, f2], original=SRC_A),
        FileResult("broken.py", error="syntax error at line 1, column 5: invalid syntax, 100%"),
        FileResult("clean.py", original="x = 1\n"),
        FileResult(WEIRD, [f3, f4], original=SRC_B),
    ]


EXPECTED_FIXED_A = SRC_A.replace("jax.lax.pvary(x, 'i')", "jax.lax.pcast(x, 'i', to='varying')").replace(
    "z = old", "# migrated\nz = old")
EXPECTED_FIXED_B = SRC_B.replace("old(\r\n    x)", "new(x)")


# --- SARIF --------------------------------------------------------------------------------


def validate_sarif(log: dict) -> None:
    cls = jsonschema.validators.validator_for(SCHEMA)
    cls.check_schema(SCHEMA)
    errors = sorted(cls(SCHEMA, format_checker=cls.FORMAT_CHECKER).iter_errors(log), key=str)
    assert not errors, "\n".join(f"{list(e.absolute_path)}: {e.message}" for e in errors[:5])


def offset_of(text: str, line: int, column: int) -> int:
    starts = [0] + [m.end() for m in re.finditer(r"\r\n|\r|\n", text)]
    return starts[line - 1] + column - 1


def apply_sarif_fix(text: str, fix: dict) -> str:
    (change,) = fix["artifactChanges"]
    edits = []
    for rep in change["replacements"]:
        region = rep["deletedRegion"]
        start = offset_of(text, region["startLine"], region["startColumn"])
        end = offset_of(text, region["endLine"], region["endColumn"])
        edits.append((start, end, rep.get("insertedContent", {}).get("text", "")))
    for start, end, new in sorted(edits, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def test_sarif_validates_against_the_official_schema():
    log = json.loads(sarif.render(make_results(), RULES))
    validate_sarif(log)
    assert log["version"] == "2.1.0" and log["$schema"].endswith("sarif-schema-2.1.0.json")
    (run,) = log["runs"]
    assert run["tool"]["driver"]["name"] == "shardfix"
    assert run["tool"]["driver"]["version"]


def test_sarif_rules_results_and_regions():
    results = make_results()
    run = json.loads(sarif.render(results, RULES))["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert [r["id"] for r in rules] == ["SF900", "SF901"]
    a = rules[0]
    assert a["name"] == "fake-removed-api" and a["shortDescription"]["text"] == "A removed API"
    assert a["fullDescription"]["text"] == "Finds `old()`."
    assert "```python\ny = new(x)\n```" in a["help"]["markdown"] and "y = new(x)" in a["help"]["text"]
    assert a["helpUri"].endswith("/SF900.md")

    findings = sorted((f for r in results for f in r.findings), key=lambda f: (f.path, f.span.line))
    assert len(run["results"]) == len(findings)
    for res, finding in zip(run["results"], findings):
        assert rules[res["ruleIndex"]]["id"] == res["ruleId"] == finding.code
        assert res["message"]["text"] == finding.message and res["level"] == "error"
        loc = res["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"]["uriBaseId"] == "%SRCROOT%"
        region = loc["region"]
        assert (region["startLine"], region["startColumn"], region["endLine"], region["endColumn"]) == (
            finding.span.line, finding.span.column, finding.span.end_line, finding.span.end_column)
    uris = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in run["results"]}
    assert uris == {"a.py", "pkg/we%2Cird%3Aname%201.py"}
    assert run["columnKind"] == "unicodeCodePoints"


def test_sarif_fixes_reproduce_the_fixed_text():
    run = json.loads(sarif.render(make_results(), RULES))["runs"][0]
    with_fix = [r for r in run["results"] if "fixes" in r]
    assert [r["ruleId"] for r in with_fix] == ["SF900", "SF900"]
    by_uri = {r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]: r for r in with_fix}
    fix_a = by_uri["a.py"]["fixes"][0]
    assert fix_a["description"]["text"] == "Use pcast" and fix_a["properties"]["safety"] == "safe"
    assert apply_sarif_fix(SRC_A, fix_a) == EXPECTED_FIXED_A
    (fix_b,) = [r["fixes"][0] for uri, r in by_uri.items() if uri != "a.py"]
    assert fix_b["properties"]["safety"] == "unsafe"
    assert apply_sarif_fix(SRC_B, fix_b) == EXPECTED_FIXED_B
    # Results without a fix carry none.
    assert all("fixes" not in r for r in run["results"] if r["ruleId"] == "SF901")


def test_sarif_file_errors_are_notifications():
    run = json.loads(sarif.render(make_results(), RULES))["runs"][0]
    (invocation,) = run["invocations"]
    assert isinstance(invocation["executionSuccessful"], bool)
    (note,) = invocation["toolExecutionNotifications"]
    assert note["level"] == "error" and "invalid syntax" in note["message"]["text"]
    assert note["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "broken.py"


def test_sarif_of_nothing_and_of_the_real_rules_validate():
    from codemods.rules import all_rules

    validate_sarif(json.loads(sarif.render([], ())))
    log = json.loads(sarif.render(make_results(), all_rules()))
    validate_sarif(log)
    ids = [r["id"] for r in log["runs"][0]["tool"]["driver"]["rules"]]
    assert ids == sorted(ids) and {"SF900", "SF901"} <= set(ids)
    assert all("help" in r for r in log["runs"][0]["tool"]["driver"]["rules"] if r["id"].startswith("SF2"))


def test_sarif_absolute_paths_under_cwd_become_relative(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    finding = Finding("SF900", "m", Span(1, 1, 1, 2), path=str(tmp_path / "sub" / "x.py"))
    outside = Finding("SF900", "m", Span(1, 1, 1, 2), path="/elsewhere/y.py")
    log = json.loads(sarif.render([FileResult(finding.path, [finding]), FileResult(outside.path, [outside])], RULES))
    validate_sarif(log)
    locs = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in log["runs"][0]["results"]]
    assert {"uri": "file:///elsewhere/y.py"} in locs
    assert {"uri": "sub/x.py", "uriBaseId": "%SRCROOT%"} in locs


# --- GitHub workflow commands -------------------------------------------------------------

COMMAND = re.compile(r"^::(?P<name>[a-z]+)(?: (?P<props>[^:]*))?::(?P<message>.*)$")


def unescape(text: str) -> str:
    return re.sub(r"%(25|0D|0A|3A|2C)", lambda m: {"25": "%", "0D": "\r", "0A": "\n", "3A": ":", "2C": ","}[m[1]],
                  text)


def parse_commands(output: str) -> list[dict]:
    parsed = []
    for line in output.splitlines():
        m = COMMAND.match(line)
        assert m, f"not a workflow command: {line!r}"
        props = {}
        for item in (m["props"] or "").split(","):
            key, _, value = item.partition("=")
            props[key] = unescape(value)
        parsed.append({"name": m["name"], **props, "message": unescape(m["message"])})
    return parsed


def test_github_commands_round_trip():
    results = make_results()
    output = github.render(results, RULES)
    assert output.endswith("\n") and "\r" not in output
    commands = parse_commands(output)
    findings = [f for r in results for f in r.findings]
    assert len(commands) == len(findings) + 1
    by_key = {(c["file"], int(c["line"]), int(c["col"]), c["title"]): c for c in commands if "line" in c}
    assert len(by_key) == len(findings)
    for f in findings:
        c = by_key[(f.path, f.span.line, f.span.column, f.code)]
        assert c["name"] == "error"
        assert (int(c["endLine"]), int(c["endColumn"])) == (f.span.end_line, f.span.end_column)
        assert c["message"] == f.message
    (nasty,) = [c for c in commands if c.get("title") == "SF901" and c["file"] == "a.py"]
    assert nasty["message"] == NASTY
    assert any(c["file"] == WEIRD for c in commands)
    (error,) = [c for c in commands if "line" not in c]
    assert error["file"] == "broken.py" and "invalid syntax, 100%" in error["message"]


def test_github_escaping_matches_actions_toolkit():
    assert github.escape_data("a%b\r\nc:d,e") == "a%25b%0D%0Ac:d,e"
    assert github.escape_property("a%b\r\nc:d,e") == "a%25b%0D%0Ac%3Ad%2Ce"
    assert github.render([], RULES) == ""


# --- JUnit --------------------------------------------------------------------------------


def test_junit_one_testcase_per_finding():
    results = make_results()
    results[0].findings[1] = Finding("SF901", NASTY + "\x0c\x00", results[0].findings[1].span, path="a.py")
    text = junit.render(results, RULES)
    root = ET.fromstring(text.encode("utf-8"))
    assert root.tag == "testsuites"
    (suite,) = root.findall("testsuite")
    assert suite.get("name") == "shardfix"
    cases = suite.findall("testcase")
    findings = sum(len(r.findings) for r in results)
    # one per finding, one for the clean file, one for the file that could not be checked
    assert len(cases) == int(suite.get("tests")) == findings + 2
    assert all(len(list(case)) <= 1 for case in cases)
    failing = [c for c in cases if c.find("failure") is not None]
    assert int(suite.get("failures")) == len(failing) == findings
    assert int(suite.get("errors")) == len([c for c in cases if c.find("error") is not None]) == 1
    case_a = [c for c in cases if c.get("classname") == "a.py"]
    assert [c.find("failure").get("type") for c in case_a] == ["SF900", "SF901"]
    assert [c.get("name") for c in case_a] == [f"{f.code} at {f.span.line}:{f.span.column}" for f in results[0].findings]
    nasty = case_a[1].find("failure")
    assert NASTY in nasty.get("message") and "a.py:4:5: SF901" in nasty.text
    assert "fix (safe): Use pcast" in case_a[0].find("failure").text
    (clean,) = [c for c in cases if c.get("classname") == "clean.py"]
    assert list(clean) == [] and clean.get("name") == "clean.py"
    (broken,) = [c for c in cases if c.get("classname") == "broken.py"]
    assert "invalid syntax" in broken.find("error").get("message")


# --- JSON ---------------------------------------------------------------------------------


def test_json_round_trip():
    results = make_results()
    report = json.loads(json_format.render(results, RULES))
    findings = [f for r in results for f in r.findings]
    assert len(report["findings"]) == len(findings)
    for record, f in zip(report["findings"], findings):
        assert (record["code"], record["path"], record["line"], record["column"], record["end_line"],
                record["end_column"], record["message"]) == (
            f.code, f.path, f.span.line, f.span.column, f.span.end_line, f.span.end_column, f.message)
        assert record["fix_available"] == (f.fix is not None)
    assert report["errors"] == [{"path": "broken.py", "error": results[1].error}]


# --- merge-reports ------------------------------------------------------------------------


def shards(results: list[FileResult]) -> tuple[list[FileResult], list[FileResult]]:
    # Interleaved, and each shard in reverse: merging must restore the canonical order.
    return results[1::2][::-1], results[0::2][::-1]


@pytest.mark.parametrize("fmt", [json_format, sarif], ids=["json", "sarif"])
def test_merging_shards_equals_a_single_run(fmt):
    results = sorted(make_results(), key=lambda r: r.path)
    single = fmt.render(results, RULES)
    one, two = shards(results)
    parts = [fmt.render(one, RULES), fmt.render(two, RULES)]
    assert merge_reports(parts) == single
    assert merge_reports(parts[::-1]) == single
    assert merge_reports([single]) == single


def test_merging_sarif_deduplicates_rules_and_reindexes():
    results = sorted(make_results(), key=lambda r: r.path)
    one, two = shards(results)
    # Shard one listed only SF901, shard two both: the merged log lists each once, indices agree.
    merged = json.loads(merge_reports([sarif.render(one, (FakeB,)), sarif.render(two, RULES)]))
    validate_sarif(merged)
    run = merged["runs"][0]
    ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert ids == ["SF900", "SF901"]
    assert all(ids[r["ruleIndex"]] == r["ruleId"] for r in run["results"])
    assert merged == json.loads(sarif.render(results, RULES))
    assert len(run["invocations"][0]["toolExecutionNotifications"]) == 1


def test_merging_rejects_mixed_and_foreign_input():
    results = make_results()
    with pytest.raises(ValueError, match="JSON.*SARIF|SARIF.*JSON"):
        merge_reports([json_format.render(results, RULES), sarif.render(results, RULES)])
    with pytest.raises(ValueError, match="no reports"):
        merge_reports([])
    with pytest.raises(ValueError, match="b.txt: not a JSON document"):
        merge_reports([json_format.render(results, RULES), "::error::x"], names=["a.json", "b.txt"])
    with pytest.raises(ValueError, match="neither"):
        merge_reports(['{"something": 1}'])
    other = json.loads(sarif.render(results, RULES))
    other["runs"][0]["tool"]["driver"]["version"] = "9.9.9"
    with pytest.raises(ValueError, match="different tools"):
        merge_reports([sarif.render(results, RULES), json.dumps(other)])


# --- integrations -------------------------------------------------------------------------


def test_integration_files_are_well_formed():
    yaml = pytest.importorskip("yaml")
    hooks = {h["id"]: h for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    assert hooks["shardfix-check"]["entry"] == "shardfix check --force-exclude"
    assert hooks["shardfix-fix"]["entry"] == "shardfix apply --force-exclude"
    assert all(h["language"] == "python" and h["types"] == ["python"] for h in hooks.values())

    action = yaml.safe_load((ROOT / "action.yml").read_text())
    assert action["runs"]["using"] == "composite"
    assert {"paths", "args", "version", "python-version"} <= set(action["inputs"])
    assert action["inputs"]["paths"]["default"] == "."
    steps = action["runs"]["steps"]
    assert any(s.get("uses", "").startswith("actions/setup-python@") for s in steps)
    assert all("shell" in s for s in steps if "run" in s)
    assert any("--format github" in s.get("run", "") for s in steps)

    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "shardfix-pr.yml").read_text())
    triggers = workflow[True] if True in workflow else workflow["on"]  # YAML 1.1 reads `on` as true
    assert "schedule" in triggers and "workflow_dispatch" in triggers
    assert workflow["permissions"] == {"contents": "write", "pull-requests": "write"}
    runs = [s.get("run", "") for job in workflow["jobs"].values() for s in job["steps"]]
    assert any("shardfix pr --push --open" in r for r in runs)

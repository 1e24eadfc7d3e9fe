"""docs/rules/<CODE>.md and the README's rule table are generated from the rules' own docs;
the committed files must match, and every link a report gives must resolve."""
from __future__ import annotations

import json
from pathlib import Path

from codemods.ruledocs import expected_files
from codemods.rules import all_rules

ROOT = Path(__file__).resolve().parent.parent
REGENERATE = "stale: run `python -m codemods.ruledocs` and commit the result"


def test_committed_rule_docs_are_up_to_date():
    expected = expected_files(ROOT)
    assert ROOT / "README.md" in expected, "README.md lost its rules-table markers"
    for path, text in expected.items():
        assert path.is_file() and path.read_text(encoding="utf-8") == text, f"{path.relative_to(ROOT)} is {REGENERATE}"
    pages = {path.name for path in (ROOT / "docs" / "rules").glob("*.md")}
    assert pages == {f"{rule.code}.md" for rule in all_rules()}, f"docs/rules/ is {REGENERATE}"


def test_explain_prints_the_rule_page(shardfix):
    page = (ROOT / "docs" / "rules" / "SF201.md").read_text(encoding="utf-8")
    explained = shardfix("explain", "sf201").stdout.decode()
    # rich renders the Markdown; every paragraph of the page's "Why" section is in the output.
    why = page.split("## Why is this bad?\n", 1)[1].split("\n\n", 1)[0]
    assert " ".join(why.replace("`", "").split()[:8]) in " ".join(explained.split())
    assert "From the fixtures (validated on 8 CPU devices)" in explained


def test_sarif_help_uri_points_at_the_committed_page(tmp_path, shardfix):
    (tmp_path / "m.py").write_text("import jax\n\n\ndef f(x):\n    return jax.lax.pvary(x, 'i')\n")
    log = json.loads(shardfix("check", "--output-format", "sarif", "m.py", cwd=tmp_path).stdout)
    rules = log["runs"][0]["tool"]["driver"]["rules"]
    assert rules
    for rule in rules:
        uri = rule["helpUri"]
        assert uri.endswith(f"/blob/main/docs/rules/{rule['id']}.md")
        assert (ROOT / "docs" / "rules" / f"{rule['id']}.md").is_file()


def test_what_it_does_stays_a_paragraph_and_the_followed_forms_a_list(tmp_path, shardfix):
    # SARIF's fullDescription and the first section of `explain` are the rule's `what`: a reader
    # must see what is wrong before the long list of forms the analysis reads to prove it.
    for rule in all_rules():
        assert len(rule.doc.what) <= 1500, f"{rule.code}: move the forms it follows to RuleDoc.follows"
    page = (ROOT / "docs" / "rules" / "SF104.md").read_text(encoding="utf-8")
    listed = page.split("## What the analysis follows\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert len(listed) > 10 and all(line.startswith("- ") and line.endswith(".") for line in listed)
    (tmp_path / "m.py").write_text("import jax\n")
    log = json.loads(shardfix("check", "--output-format", "sarif", "m.py", cwd=tmp_path).stdout)
    sf104 = next(rule for rule in log["runs"][0]["tool"]["driver"]["rules"] if rule["id"] == "SF104")
    assert listed[0] in sf104["help"]["markdown"] and len(sf104["fullDescription"]["text"]) <= 1500

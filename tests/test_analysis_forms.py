"""How trainer code is written (issue 13): each program in tests/data/forms/ marks the lines
where a state rule must report, with the rule's code in a comment (`# SF101`); lines marked
`# none`, and every unmarked line, must stay silent. The programs are short; benchmarks/forms_audit.py runs them on JAX to check
the markings, and fixture cases prove the forms' fixes on the 8-device mesh.

Names say the form: m* bodies that are methods and objects holding axis names, c* bodies
passed through module functions, b* branches, p* pytrees, j* jit, v* mappers in variables,
l* loops, q* decorators and spellings, r* whole trainers, a* where axis names and meshes come from
(tables, enums, closures, **kwargs, starred and sliced tuples, mesh.axis_names), x* array methods
(`x.reshape(2, -1)`), h* bodies inside JAX's higher-order functions, s* SF104 specs from tables and
arguments, t* axis tuples built in code, d* branches on an array's rank or sizes, ba* functions held as
values (fields, class attributes, defaults), n* programs where the
analysis must not be certain (negatives)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from codemods import jaxapi
from codemods.engine import Options, process_source

FORMS = sorted((Path(__file__).parent / "data" / "forms").glob("*.py"))
_MARK = re.compile(r"#.*?\b(SF1\d\d(?:\s+SF1\d\d)*)")


def expected(source: str) -> list[tuple[int, str]]:
    found = []
    for number, line in enumerate(source.splitlines(), start=1):
        match = _MARK.search(line)
        if match:
            found.extend((number, code) for code in match.group(1).split())
    return sorted(found)


@pytest.mark.parametrize("path", FORMS, ids=lambda path: path.stem)
def test_findings_are_exactly_the_marked_lines(path):
    source = path.read_text(encoding="utf-8")
    result = process_source(source, str(path), Options(target=jaxapi.NEWEST_KNOWN), fix=False)
    assert result.error is None
    found = sorted({(finding.span.line, finding.code) for finding in result.findings if finding.code.startswith("SF1")})
    assert found == expected(source)
    for finding in result.findings:  # a reason read twice is noise (SF101 once wrote its note twice)
        assert finding.message.count("(no automatic fix:") <= 1, finding.message


def test_the_forms_include_negatives_and_every_listed_form():
    stems = [path.stem for path in FORMS]
    for prefix in ("m", "c", "b", "p", "j", "v", "l", "q", "a", "n"):
        assert any(stem.startswith(prefix) for stem in stems), prefix
    assert sum(1 for path in FORMS if not expected(path.read_text(encoding="utf-8"))) >= 8

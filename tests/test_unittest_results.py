"""unittest's TestSuite/TestResult runner in a script run (codemods/analysis/unittest_results.py).

The programs are variants of the form ur1 (tests/data/forms), whose psum line JAX rejects in the
second expanded case (benchmarks/forms_audit.py confirms it). A variant the run cannot be certain
about must stay silent; the checks run the variants through the engine as a user would."""
from __future__ import annotations

from pathlib import Path

from codemods import jaxapi
from codemods.engine import Options, process_source

FORM = Path(__file__).parent / "data" / "forms" / "ur1_sf105_unittest_suite_result_keeps_and_reraises.py"
SOURCE = FORM.read_text(encoding="utf-8")
PSUM_LINE = next(number for number, line in enumerate(SOURCE.splitlines(), start=1) if "# SF105" in line)


def findings(source: str) -> list[tuple[int, str]]:
    result = process_source(source, "ur1_variant.py", Options(target=jaxapi.NEWEST_KNOWN), fix=False)
    assert result.error is None
    return sorted({(f.span.line, f.code) for f in result.findings if f.code.startswith("SF1")})


def variant(old: str, new: str) -> str:
    assert old in SOURCE
    return SOURCE.replace(old, new)


def test_the_kept_error_raised_again_is_found_at_the_psum():
    assert findings(SOURCE) == [(PSUM_LINE, "SF105")]


def test_failures_filed_apart_from_errors_leave_the_earlier_assertion_open():
    # The first case's assertion on computed values may fail: filed by TestResult's own
    # addFailure, the program could end otherwise than the run saw.
    assert findings(variant("    addFailure = addError\n", "")) == []


def test_a_module_that_names_an_exit_is_not_read_past_an_unknown_assertion():
    source = variant("    return result.testsRun\n",
                     "    if result.failures:\n        sys.exit(0)\n    return result.testsRun\n")
    assert findings("import sys\n" + source) == []


def _table_check_first(failfast: bool) -> str:
    # A known failure first (the table check); the runner raises the last error it kept.
    source = variant("result = unittest.TestSuite(cls(n) for n in names).run(Keep())",
                     f"keep = Keep()\n    keep.failfast = {failfast}\n"
                     "    result = unittest.TestSuite(cls(n) for n in names).run(keep)")
    source = source.replace("raise result.raised[0]", "raise result.raised[-1]")
    return source.replace("class ReduceTest(MeshTestCase):\n",
                          "class ReduceTest(MeshTestCase):\n    def test_a_table(self):\n"
                          "        self.assertEqual(sorted(self.mesh.axis_names), [\"data\"])\n\n")


def test_a_failure_filed_first_does_not_stop_the_suite():
    source = _table_check_first(False)
    line = next(number for number, text in enumerate(source.splitlines(), start=1) if "# SF105" in text)
    assert findings(source) == [(line, "SF105")]


def test_failfast_stops_the_suite_before_the_failing_case():
    assert findings(_table_check_first(True)) == []


def test_the_error_only_counted_ends_the_program_quietly():
    source = variant("""    if getattr(result, "raised", None):
        raise result.raised[0]
""", "")
    assert findings(source) == []

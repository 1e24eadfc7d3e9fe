"""The fix contract (issue 14): a fix never breaks code, and a migration is complete or still
reported.

Engine-level checks use small stand-in rules whose fixes break the module on purpose (the engine
must catch any rule's mistake, whatever the rule); the issue's own cases run through the real
rules, with ruff's F821 (undefined name) as an independent oracle.
"""
from __future__ import annotations

import ast
import json
import shutil
import subprocess
import textwrap
from typing import Iterator

import pytest

from codemods.analysis import guards
from codemods.context import FileContext
from codemods.engine import Options, process_source
from codemods.model import Edit, Finding, Fix, Span
from codemods.rules.base import Rule

TARGET = (0, 10, 2)


def _options_with(*rules: Rule) -> Options:
    options = Options(prefilter=False)
    options.__dict__["rules"] = rules  # the cached registry answer, replaced for the test
    return options


class _EditRule(Rule):
    """Reports line 1 of a module whose text contains `needle`, with one fixed edit."""

    code = "SF900"
    name = "test-edit"
    summary = "test"
    triggers = ()

    @classmethod
    def may_match(cls, data: bytes) -> bool:
        return True  # reads every text (the words gate a rule with the filters off too)

    def __init__(self, needle: str, edit: tuple[str, str]) -> None:
        self.needle, (self.old, self.new) = needle, edit

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        if self.needle in ctx.source and self.old in ctx.source:
            start = ctx.source.index(self.old)
            edit = Edit(start, start + len(self.old), self.new)
            yield Finding(self.code, "test finding", Span(1, 1, 1, 2), Fix("test fix", (edit,)))


class _ForeverRule(_EditRule):
    """A fix that never settles: each round appends one more `!` to a comment."""

    def check(self, ctx: FileContext) -> Iterator[Finding]:
        end = len(ctx.source)
        yield Finding(self.code, "test finding", Span(1, 1, 1, 2), Fix("test fix", (Edit(end, end, "#!\n"),)))


@pytest.mark.parametrize("source, needle, edit, reason", [
    # Renaming an import another statement still reads: a new undefined name.
    ("from m import a\n\nx = a\ny = a\n", "from m", ("from m import a", "from m import b"), "undefined name `a`"),
    # Removing a module-level definition others may import.
    ("def helper():\n    return 1\n", "helper", ("def helper", "def _helper"), "public name `helper`"),
    # `import X as X` is a re-export even when nothing in the module reads it.
    ("from m import a as a\n", "from m", ("from m import a as a\n", ""), "public name `a`"),
    # A binding listed in __all__.
    ("from m import a\n__all__ = ['a']\n", "from m", ("from m import a\n", ""), "undefined name"),
    # A fix that does not parse.
    ("x = 1\n", "x", ("x = 1", "x = ("), "invalid Python"),
])
def test_a_fix_that_breaks_the_module_is_withdrawn_with_its_reason(source, needle, edit, reason):
    result = process_source(source, "m.py", _options_with(_EditRule(needle, edit)), fix=True)
    assert result.error is None
    assert result.output == source
    [finding] = result.findings
    assert finding.unfixable is not None and reason in finding.unfixable
    assert result.applied == []


def test_every_module_level_import_of_a_package_init_is_public():
    source = "from m import a\n"
    rule = _EditRule("from m", ("from m import a\n", ""))
    assert process_source(source, "pkg/mod.py", _options_with(rule), fix=True).output == ""
    kept = process_source(source, "pkg/__init__.py", _options_with(rule), fix=True)
    assert kept.output == source and "public name `a`" in kept.findings[0].unfixable


def test_a_good_fix_still_applies():
    result = process_source("x = 1\n", "m.py", _options_with(_EditRule("x = 1", ("x = 1", "x = 2"))), fix=True)
    assert result.output == "x = 2\n"


def test_fixes_that_do_not_converge_are_reported_per_finding_not_as_an_internal_error():
    source = "x = 1\n"
    result = process_source(source, "m.py", _options_with(_ForeverRule("", ("", ""))), fix=True)
    assert result.error is None
    assert result.output == source
    assert result.findings and all("did not converge" in f.unfixable for f in result.findings)


# ---------------------------------------------------------------------------------------------
# The cases, through the real rules
# ---------------------------------------------------------------------------------------------
AUTO_AND_PLAIN = textwrap.dedent("""\
    import jax
    from jax.experimental.shard_map import shard_map
    from jax.sharding import PartitionSpec as P


    def run(mesh, x):
        a = shard_map(lambda b: b, mesh, P('i'), P('i'), check_rep=False)(x)
        return shard_map(lambda b: b, mesh, P('i'), P('i'), auto=frozenset({'j'}))(a)
""")

AUTO_UNREWRITABLE = AUTO_AND_PLAIN.replace("auto=frozenset({'j'})", "**extra").replace("def run(mesh, x)",
                                                                                        "def run(mesh, x, extra)")


def _fix(source: str, path: str = "m.py"):
    return process_source(source, path, Options(target=TARGET), fix=True)


def test_auto_call_migrates_with_the_others_in_one_run():
    result = _fix(AUTO_AND_PLAIN)
    assert result.error is None
    assert "from jax import shard_map" in result.output
    assert "axis_names=frozenset(mesh.axis_names) - frozenset({'j'})" in result.output
    assert "check_vma=False" in result.output and "auto=" not in result.output
    assert result.findings == []
    assert process_source(result.output, "m.py", Options(target=TARGET)).findings == []


def test_experimental_import_stays_while_a_call_still_needs_it():
    result = _fix(AUTO_UNREWRITABLE)
    assert result.error is None
    assert "from jax.experimental.shard_map import shard_map" in result.output
    assert "check_rep=False" in result.output  # its sibling keeps the old keyword with the old import
    assert [f.span.line for f in result.findings] == [7, 8]


def test_auto_over_every_axis_of_a_known_mesh_is_not_rewritten():
    # axis_names=set() would make every axis manual: the opposite of auto over all of them.
    source = AUTO_AND_PLAIN.replace("def run(mesh, x):", "def run(x):\n    mesh = jax.make_mesh((2, 4), ('i', 'j'))") \
        .replace("frozenset({'j'})", "frozenset({'i', 'j'})")
    result = _fix(source)
    assert "frozenset({'i', 'j'})" in result.output
    assert any("auto=" in f.message for f in result.findings)


@pytest.mark.parametrize("source, path, kept", [
    ("from jax.lax import pvary as pvary\n", "compat.py", "from jax.lax import pvary as pvary"),
    ("from jax.lax import pvary\n", "pkg/__init__.py", "from jax.lax import pvary"),
    ("from jax.lax import pvary\n__all__ = ['pvary']\n", "compat.py", "from jax.lax import pvary"),
    ("from jax.lax import pvary\n\n\ndef f(x):\n    a = pvary(x, 'i')  # noqa: SF201\n    return pvary(a, 'j')\n",
     "m.py", "a = pvary(x, 'i')  # noqa: SF201"),
])
def test_bindings_others_need_are_never_removed_or_renamed(source, path, kept):
    result = _fix(source, path)
    assert result.error is None
    assert kept in result.output
    assert _undefined(result.output) <= _undefined(source)


def test_a_fix_never_spells_a_name_bound_only_in_another_function():
    source = textwrap.dedent("""\
        import jax
        from jax.sharding import PartitionSpec as P


        def helper():
            from jax import lax
            return lax


        def main(x):
            mesh = jax.make_mesh((8,), ('i',))

            def body(x):
                total = jax.lax.psum(x, 'i')
                return jax.lax.all_gather(total, 'i', to='reduced')

            return jax.shard_map(body, mesh=mesh, in_specs=P('i'), out_specs=P())(x)
    """)
    result = _fix(source)
    assert "total = jax.lax.pcast(total, 'i', to='varying')" in result.output
    assert _undefined(result.output) == _undefined(source) == set()


GUARDED = {
    "hasattr": """\
        import jax

        def f(x):
            if hasattr(jax.lax, "pcast"):
                return jax.lax.pcast(x, "i", to="varying")
            else:
                return jax.lax.pvary(x, "i")
    """,
    "not hasattr, early return": """\
        import jax

        def f(x):
            if not hasattr(jax.lax, "pvary"):
                return jax.lax.pcast(x, "i", to="varying")
            return jax.lax.pvary(x, "i")
    """,
    "try/except AttributeError": """\
        import jax
        try:
            cast = jax.lax.pvary
        except AttributeError:
            cast = None
    """,
    "try/except ImportError": """\
        try:
            from jax import shard_map
        except ImportError:
            from jax.experimental.shard_map import shard_map
    """,
    "version_info": """\
        import jax

        def f(x):
            if jax.__version_info__ < (0, 8, 2):
                return jax.lax.pvary(x, "i")
            return jax.lax.pcast(x, "i", to="varying")
    """,
    "__version__ in a conditional expression": """\
        import jax
        from packaging.version import Version

        def f(x):
            return jax.lax.pvary(x, "i") if Version(jax.__version__) < Version("0.8.2") else x
    """,
}


@pytest.mark.parametrize("name", GUARDED)
def test_code_for_the_other_jax_generation_is_left_alone(name):
    source = textwrap.dedent(GUARDED[name])
    result = _fix(source)
    assert result.findings == []
    assert result.output == source


def test_an_unguarded_branch_is_still_fixed():
    source = "import jax\n\ndef f(x, flag):\n    if flag:\n        return jax.lax.pvary(x, 'i')\n"
    assert "pcast" in _fix(source).output


def test_an_undecidable_version_test_guards_both_branches():
    tree = ast.parse("import jax\nif jax.__version__.startswith('0.'):\n    a = 1\nelse:\n    b = 2\n")
    assert len(guards.other_generation(tree, TARGET)) == 2


def test_version_guards_are_decided_for_the_target():
    tree = ast.parse("import jax\nif jax.__version_info__ >= (0, 8, 2):\n    a = 1\nelse:\n    b = 2\n")
    [new_target] = guards.other_generation(tree, (0, 10, 2))
    [old_target] = guards.other_generation(tree, (0, 8, 1))
    assert new_target[0] == 5 and old_target[0] == 3


# ---------------------------------------------------------------------------------------------
# apply: exit 1 and why
# ---------------------------------------------------------------------------------------------
def test_apply_exits_1_and_says_why_findings_were_not_fixed(tmp_path, shardfix):
    (tmp_path / "compat.py").write_text("from jax.lax import pvary as pvary\n", encoding="utf-8")
    (tmp_path / "ref.py").write_text("import jax\n\ncast = jax.lax.pvary\n", encoding="utf-8")
    result = shardfix("apply", "--target-jax", "0.10.2", ".", cwd=tmp_path)
    out = result.stdout.decode()
    assert result.returncode == 1, result.stderr
    assert "2 findings not fixed" in out and "no automatic fix" in out
    assert "re-exports it" in out
    assert (tmp_path / "compat.py").read_text(encoding="utf-8") == "from jax.lax import pvary as pvary\n"


def test_json_report_carries_the_reason_a_fix_was_withdrawn():
    from codemods.report import json_format

    result = process_source("x = 1\n", "m.py", _options_with(_EditRule("x", ("x = 1", "x = ("))), fix=True)
    [record] = json.loads(json_format.render([result]))["findings"]
    assert "invalid Python" in record["unfixable"]


# ---------------------------------------------------------------------------------------------
# ruff's F821 as an independent oracle
# ---------------------------------------------------------------------------------------------
def _undefined(source: str) -> set[str]:
    """Names ruff reports as undefined (F821) in `source`; pyflakes when ruff is missing."""
    ruff = shutil.which("ruff")
    if ruff is None:
        from codemods.contract import undefined_names

        return set(undefined_names(ast.parse(source), "m.py"))
    found = subprocess.run([ruff, "check", "--isolated", "--select", "F821", "--output-format", "json",
                            "--no-cache", "--stdin-filename", "m.py", "-"],
                           input=source.encode(), capture_output=True, check=False)
    return {record["message"].split("`")[1] for record in json.loads(found.stdout)}


@pytest.mark.parametrize("source", [AUTO_AND_PLAIN, AUTO_UNREWRITABLE, *map(textwrap.dedent, GUARDED.values())])
def test_no_fix_leaves_a_new_undefined_name(source):
    assert _undefined(_fix(source).output) <= _undefined(source)


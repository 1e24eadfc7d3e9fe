"""SF101, SF102, SF103, SF105 through the engine: messages, evidence, where the cast goes, how it
is spelled for the target JAX, safety, out_specs edits, and the cases that must stay silent.

The golden fixtures (tests/test_fixtures.py) are the main specification; these tests pin down
the edges the fixtures do not show.
"""
from __future__ import annotations

import importlib.util
import textwrap
from pathlib import Path

import pytest

from codemods import jaxapi
from codemods.context import FileContext
from codemods.engine import Options, process_source
from codemods.model import Safety
from codemods.rules.sf101 import InvariantIntoGatherReduced
from codemods.rules.sf102 import ReducedIntoGatherReduced
from codemods.rules.sf103 import ReducedIntoCollective
from codemods.rules.sf105 import MixedStatesOverAxes

RULES = (InvariantIntoGatherReduced, ReducedIntoGatherReduced, ReducedIntoCollective, MixedStatesOverAxes)
CODES = ("SF101", "SF102", "SF103", "SF105")


def options(target: str = "0.10.2", unsafe: bool = False) -> Options:
    return Options(select=CODES, target=jaxapi.parse_version(target), unsafe_fixes=unsafe)


def fix(source: str, **kwargs) -> str:
    result = process_source(textwrap.dedent(source), "t.py", options(**kwargs), fix=True)
    assert result.error is None, result.error
    again = process_source(result.output, "t.py", options(**kwargs), fix=True)
    assert again.output == result.output, "fixes are not idempotent"
    return result.output


def findings(source: str, **kwargs):
    result = process_source(textwrap.dedent(source), "t.py", options(**kwargs))
    assert result.error is None, result.error
    return result.findings


def body_program(body: str, in_specs: str = "P('i', 'j')", out_specs: str = "P()", extra: str = "") -> str:
    return (
        "import jax\nfrom jax import lax\nimport jax.numpy as jnp\nfrom jax.sharding import PartitionSpec as P\n"
        + textwrap.dedent(extra)
        + "\n\ndef main(x):\n    mesh = jax.make_mesh((2, 4), ('i', 'j'))\n\n    def body(x):\n"
        + textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 8)
        + f"\n\n    return jax.shard_map(body, mesh=mesh, in_specs={in_specs}, out_specs={out_specs})(x)\n"
    )


# ---------------------------------------------------------------------------------------------
# SF101
# ---------------------------------------------------------------------------------------------
def test_sf101_message_and_evidence_name_the_states_and_jax_error():
    (finding,) = findings(body_program("r = lax.psum(x, 'i')\nreturn lax.all_gather(r, 'i', to='reduced')",
                                       out_specs="P(reduced={'i'})"))
    assert finding.code == "SF101"
    assert "of `r`, which is invariant on 'i' (psum result)" in finding.message
    assert 'JAX raises "all_gather_reduced is a Varying -> Reduced collective"' in finding.message
    evidence = dict(finding.evidence)
    assert evidence["`r`"].startswith("invariant on 'i' and varying on 'j'")
    assert finding.fix.safety is Safety.SAFE


def test_sf101_adds_the_axis_to_a_literal_out_spec():
    out = fix(body_program("r = lax.psum(x, 'i')\nreturn lax.all_gather(r, 'i', to='reduced')", out_specs="P(None, 'j')"))
    assert "        r = lax.pcast(r, 'i', to='varying')\n        return lax.all_gather(r, 'i'" in out
    assert "out_specs=P(None, 'j', reduced={'i'})" in out


def test_sf101_extends_an_existing_reduced_set_and_fills_empty_p():
    out = fix(body_program("r = lax.psum(x, 'i')\nreturn lax.all_gather(r, 'i', to='reduced')",
                           out_specs="P(None, 'j', reduced={'k'})"))
    assert "reduced={'k', 'i'}" in out
    out = fix(body_program("r = lax.psum(x, ('i', 'j'))\nreturn lax.all_gather(r, ('i', 'j'), to='reduced')",
                           in_specs="P('i', 'j')", out_specs="P()"))
    assert "r = lax.pcast(r, ('i', 'j'), to='varying')" in out
    assert "out_specs=P(reduced={'i', 'j'}))" in out


def test_sf101_tuple_out_specs_edit_the_matching_entry():
    body = "r = lax.psum(x, 'i')\ng = lax.all_gather(r, 'i', to='reduced')\nreturn x, g"
    out = fix(body_program(body, out_specs="(P('i', 'j'), P(None, 'j'))"))
    assert "out_specs=(P('i', 'j'), P(None, 'j', reduced={'i'}))" in out


def test_sf101_out_specs_not_literal_makes_the_fix_unsafe_and_says_so():
    source = body_program("r = lax.psum(x, 'i')\nreturn lax.all_gather(r, 'i', to='reduced')", out_specs="OUT",
                          extra="OUT = make_out_specs()\n")
    (finding,) = findings(source)
    assert finding.fix.safety is Safety.UNSAFE
    assert "must then list 'i' in its out_specs `reduced={...}`" in finding.message


def test_sf101_for_old_jax_spells_pvary():
    out = fix(body_program("r = lax.psum(x, 'i')\nreturn lax.all_gather(r, 'i', to='reduced')",
                           out_specs="P(reduced={'i'})"), target="0.8.0")
    assert "r = lax.pvary(r, 'i')" in out


def test_sf101_value_that_varies_nowhere_gets_the_other_jax_message():
    source = body_program("r = lax.psum(x, ('i', 'j'))\nreturn lax.all_gather(r, 'i', to='reduced')",
                          out_specs="P(reduced={'i'})")
    (finding,) = findings(source)
    assert "all_gather_reduced only accepts inputs that are varying" in finding.message


def test_sf101_wraps_in_place_when_the_name_is_read_later():
    body = "r = lax.psum(x, 'i')\ng = lax.all_gather(r, 'i', to='reduced')\nreturn g, r"
    out = fix(body_program(body, out_specs="(P(None, 'j', reduced={'i'}), P(None, 'j'))"))
    assert "g = lax.all_gather(lax.pcast(r, 'i', to='varying'), 'i', to='reduced')" in out


def test_sf101_wraps_in_place_inside_loops_lambdas_and_one_line_suites():
    body = "r = lax.psum(x, 'i')\nfor _ in range(2):\n    g = lax.all_gather(r, 'i', to='reduced')\nreturn x"
    out = fix(body_program(body, out_specs="P('i', 'j')"))
    assert "g = lax.all_gather(lax.pcast(r, 'i', to='varying'), 'i', to='reduced')" in out
    body = "r = lax.psum(x, 'i')\nif True: g = lax.all_gather(r, 'i', to='reduced')\nreturn x"
    out = fix(body_program(body, out_specs="P('i', 'j')"))
    assert "if True: g = lax.all_gather(lax.pcast(r, 'i', to='varying'), 'i', to='reduced')" in out
    body = "r = lax.psum(x, 'i')\ng = (lambda v: lax.all_gather(v, 'i', to='reduced'))(r)\nreturn x"
    out = fix(body_program(body, out_specs="P('i', 'j')"))
    assert "lax.all_gather(lax.pcast(v, 'i', to='varying'), 'i', to='reduced')" in out


def test_sf101_adds_import_jax_when_nothing_usable_is_bound():
    source = """\
        from jax import shard_map
        from jax.lax import psum as ps, all_gather as ag
        from jax.sharding import PartitionSpec as P


        @shard_map(in_specs=P('i', 'j'), out_specs=P(None, 'j', reduced={'i'}))
        def body(x):
            r = ps(x, 'i')
            return ag(r, 'i', to='reduced')
        """
    out = fix(source)
    assert "from jax.lax import psum as ps, all_gather as ag, pcast\n" in out
    assert "    r = pcast(r, 'i', to='varying')\n" in out


# ---------------------------------------------------------------------------------------------
# SF102
# ---------------------------------------------------------------------------------------------
def test_sf102_casts_exactly_the_reduced_axes():
    body = "g = lax.all_gather(x, 'i', to='reduced')\nreturn lax.all_gather(g, ('i', 'j'), to='reduced')"
    (finding,) = findings(body_program(body, out_specs="P(reduced={'i', 'j'})"))
    assert finding.code == "SF102"
    assert "already reduced on 'i' and varying on 'j'" in finding.message
    assert "all_gather_reduced's input cannot be reduced across the axis_name provided" in finding.message
    out = fix(body_program(body, out_specs="P(reduced={'i', 'j'})"))
    assert "g = lax.pcast(g, 'i', to='varying')" in out


def test_sf102_has_no_fix_for_jax_without_pcast():
    body = "g = lax.all_gather(x, 'i', to='reduced')\nreturn lax.all_gather(g, ('i', 'j'), to='reduced')"
    (finding,) = findings(body_program(body, out_specs="P(reduced={'i', 'j'})"), target="0.8.1")
    assert finding.fix is None and "needs jax >= 0.8.2" in finding.message


# ---------------------------------------------------------------------------------------------
# SF103
# ---------------------------------------------------------------------------------------------
def test_sf103_psum_fix_is_unsafe_and_warns_about_copies():
    body = "g = lax.all_gather(x, 'i', to='reduced')\nreturn lax.psum(g, 'i')"
    (finding,) = findings(body_program(body, out_specs="P(None, 'j')"))
    assert finding.code == "SF103" and finding.fix.safety is Safety.UNSAFE
    assert 'JAX raises "pvary cannot accept args which are reduced"' in finding.message
    assert "psum adds 2 identical copies" in finding.message
    assert fix(body_program(body, out_specs="P(None, 'j')")) == body_program(body, out_specs="P(None, 'j')")
    out = fix(body_program(body, out_specs="P(None, 'j')"), unsafe=True)
    assert "g = lax.pcast(g, 'i', to='varying')\n        return lax.psum(g, 'i')" in out


def test_sf103_ppermute_and_all_gather_fixes_are_safe():
    body = "g = lax.all_gather(x, 'i', to='reduced')\nreturn lax.ppermute(g, 'i', [(0, 1), (1, 0)])"
    (finding,) = findings(body_program(body, out_specs="P(None, 'j')"))
    assert finding.fix.safety is Safety.SAFE


def test_sf103_pmean_of_a_value_reduced_on_another_axis_too_has_no_fix():
    body = "g = lax.all_gather(x, ('i', 'j'), to='reduced')\nreturn lax.pmean(g, 'i')"
    (finding,) = findings(body_program(body, out_specs="P()"))
    assert finding.code == "SF103" and finding.fix is None


def test_sf103_partial_of_ppermute_called_later():
    body = ("shift = functools.partial(lax.ppermute, axis_name='i', perm=[(0, 1), (1, 0)])\n"
            "g = lax.all_gather(x, 'i', to='reduced')\nreturn shift(g)")
    out = fix(body_program(body, out_specs="P(None, 'j')", extra="import functools\n"))
    assert "g = lax.pcast(g, 'i', to='varying')\n        return shift(g)" in out


# ---------------------------------------------------------------------------------------------
# SF105
# ---------------------------------------------------------------------------------------------
def test_sf105_message_says_the_sum_multiplies():
    (finding,) = findings(body_program("return lax.psum(x, ('i', 'j'))", in_specs="P('i')"))
    assert finding.code == "SF105" and finding.fix.safety is Safety.SAFE
    assert "varying on 'i' and invariant on 'j' (in_specs shards it over 'i')" in finding.message
    assert "multiplies the value by 4" in finding.message
    out = fix(body_program("return lax.psum(x, ('i', 'j'))", in_specs="P('i')"))
    assert "x = lax.pcast(x, 'j', to='varying')\n        return lax.psum(x, ('i', 'j'))" in out
    out = fix(body_program("return lax.psum(x * 2, ('i', 'j'))", in_specs="P('i')"))
    assert "return lax.psum(lax.pcast(x * 2, 'j', to='varying'), ('i', 'j'))" in out


def test_sf105_pmax_is_checked_only_from_the_release_that_checks_it():
    source = body_program("return lax.pmax(x, ('i', 'j'))", in_specs="P('i')")
    assert findings(source, target="0.10.2") == []
    assert [f.code for f in findings(source, target="0.11.1")] == ["SF105"]


# ---------------------------------------------------------------------------------------------
# Silence: unknown never produces a finding
# ---------------------------------------------------------------------------------------------
SILENT = {
    "unknown spec": ("r = lax.psum(x, 'j')\nreturn lax.psum(r, ('i', 'j'))", "SPECS"),
    "unknown function": ("r = model(x)\nreturn lax.psum(r, ('i', 'j'))", "P('i')"),
    "loop": ("r = lax.psum(x, 'i')\nfor _ in range(3):\n    r = lax.all_gather(r, 'i')\nreturn lax.all_gather(r, 'i', to='reduced')", "P('i')"),
    "branches disagree": ("r = lax.psum(x, 'i')\nif x.shape[0]:\n    r = x\nreturn lax.all_gather(r, 'i', to='reduced')", "P('i')"),
    "same state on all axes": ("r = lax.psum(x, ('i', 'j'))\nreturn lax.psum(r * 2, ('i', 'j'))", "P(('i', 'j'))"),
    "already cast": ("r = lax.psum(x, 'i')\nr = lax.pcast(r, 'i', to='varying')\nreturn lax.all_gather(r, 'i', to='reduced')", "P('i')"),
    "gather over another axis": ("r = lax.psum(x, 'j')\nreturn lax.all_gather(r, 'i', to='reduced')", "P('i')"),
    "psum of a constant": ("return x + lax.psum(1, ('i', 'j'))", "P('i')"),
    "attribute": ("return lax.psum(x.value, ('i', 'j'))", "P('i')"),
    "reduced on another axis": ("g = lax.all_gather(x, 'i', to='reduced')\nreturn lax.psum(g, 'j')", "P('i', 'j')"),
}


@pytest.mark.parametrize("case", SILENT)
def test_silent(case):
    body, in_specs = SILENT[case]
    assert findings(body_program(body, in_specs=in_specs, out_specs="P(reduced={'i'})")) == []


def test_helper_called_with_disagreeing_states_is_silent():
    source = """\
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P

        def helper(v):
            return lax.all_gather(v, 'i', to='reduced')

        def body_a(x):
            return helper(lax.psum(x, 'i'))

        def body_b(x):
            return helper(x)

        a = jax.shard_map(body_a, in_specs=P('i'), out_specs=P(reduced={'i'}))
        b = jax.shard_map(body_b, in_specs=P('i'), out_specs=P(reduced={'i'}))
        """
    assert findings(source) == []
    # both bodies give the helper an invariant value: now it is certain
    assert [f.code for f in findings(source.replace("helper(x)", "helper(lax.pmax(x, 'i'))"))] == ["SF101"]


def test_helper_used_outside_shard_map_is_silent():
    source = """\
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P

        def helper(v):
            return lax.all_gather(v, 'i', to='reduced')

        def body(x):
            return helper(lax.psum(x, 'i'))

        a = jax.shard_map(body, in_specs=P('i'), out_specs=P(reduced={'i'}))
        b = jax.vmap(helper, axis_name='i')
        """
    assert findings(source) == []


def test_code_outside_shard_map_is_silent():
    source = """\
        import jax
        from jax import lax

        def f(x):
            r = lax.psum(x, 'i')
            return lax.all_gather(r, 'i', to='reduced')

        g = jax.vmap(f, axis_name='i')
        """
    assert findings(source) == []


def test_no_finding_without_shard_map_in_the_file_and_no_parse():
    ctx = FileContext("from jax import lax\ny = lax.psum(lax.all_gather(x, 'i', to='reduced'), 'i')\n")
    for rule in RULES:
        assert list(rule().check(ctx)) == []
    assert "wrapper" not in ctx.__dict__  # the analysis did not even parse the file


def test_rules_document_themselves():
    for rule in RULES:
        assert rule.doc.what and rule.doc.why and rule.doc.example and rule.doc.use_instead and rule.doc.fix_safety
        assert rule.triggers and rule.name and rule.summary


# ---------------------------------------------------------------------------------------------
# Real code: the installed JAX package holds no SF101-SF105 problem
# ---------------------------------------------------------------------------------------------
def _installed_package_dir(name: str) -> Path | None:
    spec = importlib.util.find_spec(name)  # finds the package without importing it
    if spec is None or spec.origin is None:
        return None
    return Path(spec.origin).parent


def _findings_in_package(name: str) -> tuple[int, list[str]]:
    root = _installed_package_dir(name)
    if root is None:
        pytest.skip(f"{name} is not installed")
    rules = [rule() for rule in RULES]
    found: list[str] = []
    checked = 0
    for path in sorted(root.rglob("*.py")):
        data = path.read_bytes()
        if not any(rule.may_match(data) for rule in rules):
            continue
        checked += 1
        result = process_source(data.decode("utf-8", "surrogateescape"), str(path), options())
        found.extend(f"{path}:{f.span.line}: {f.code} {f.message}" for f in result.findings)
    return checked, found


def test_no_findings_on_installed_jax():
    checked, found = _findings_in_package("jax")
    assert checked > 0
    assert found == []


@pytest.mark.parametrize("package", ["flax", "equinox"])
def test_no_findings_on_installed_flax_and_equinox(package):
    _, found = _findings_in_package(package)
    assert found == []


def test_names_rebound_through_nonlocal_are_not_followed():
    source = """\
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P

        def body(x):
            r = lax.psum(x, 'i')

            def update():
                nonlocal r
                r = x

            update()
            return lax.all_gather(r, 'i', to='reduced')

        f = jax.shard_map(body, in_specs=P('i'), out_specs=P(reduced={'i'}))
        """
    assert findings(source) == []


def test_module_constant_reassigned_elsewhere_is_not_a_constant():
    source = """\
        import jax
        from jax import lax
        from jax.sharding import PartitionSpec as P
        AXIS = 'i'

        def configure(name):
            global AXIS
            AXIS = name

        def body(x):
            r = lax.psum(x, AXIS)
            return lax.all_gather(r, 'i', to='reduced')

        f = jax.shard_map(body, in_specs=P('i'), out_specs=P(reduced={'i'}))
        """
    assert findings(source) == []


def test_columns_and_edits_count_characters_on_lines_with_non_ascii_text():
    # Python's ast reports columns in UTF-8 bytes; spans and edits must count characters.
    source = body_program("größe = lax.psum(x, 'i'); y = lax.all_gather(größe, 'i', to='reduced')\nreturn y",
                          out_specs="P(None, 'j', reduced={'i'})")
    (finding,) = findings(source)
    line = source.splitlines()[finding.span.line - 1]
    assert line[finding.span.column - 1:].startswith("lax.all_gather(größe")
    out = fix(source)
    assert "y = lax.all_gather(lax.pcast(größe, 'i', to='varying'), 'i', to='reduced')" in out


def test_reduced_keyword_goes_after_parentheses_around_the_last_entry():
    out = fix(body_program("r = lax.psum(x, 'i')\nreturn lax.all_gather(r, 'i', to='reduced')",
                           out_specs="P(None, ('j'))"))
    assert "out_specs=P(None, ('j'), reduced={'i'})" in out


# ---------------------------------------------------------------------------------------------
# SF106
# ---------------------------------------------------------------------------------------------
GATHERED = "g = lax.all_gather(x, 'i', to='reduced', tiled=True)\n"


def sf106_findings(program: str):
    result = process_source(program, "t.py", Options(select=("SF106",), target=jaxapi.parse_version("0.10.2")))
    assert result.error is None, result.error
    return result.findings


def sf106(body: str):
    return sf106_findings(body_program(GATHERED + body, out_specs="P(None, 'j', reduced={'i'})"))


def test_sf106_names_the_operation_the_states_and_what_is_replicated():
    (finding,) = sf106("return g / x.shape[0]")
    assert finding.message.startswith("`g / x.shape[0]` combines `g`, which is reduced on 'i' (all_gather(..., to='reduced') result), "
                                      "with a Python value: JAX raises \"Inputs cannot be replicated on the same axes")
    assert finding.fix is None
    (finding,) = sf106("b = lax.psum(x, 'i')\nreturn g - b")
    assert "with a value invariant on 'i'" in finding.message


@pytest.mark.parametrize("body", [
    "return g * g",  # same reduced axes: kept
    "return -g",
    "return g.astype(jnp.float16)",
    "return lax.psum(g, 'j')",  # a sum over another axis keeps it
    "return g ** 2",  # drops the reduced type silently (no error)
    "v = lax.all_gather(x, 'i', tiled=True)\nreturn g * v",  # varying on 'i': no error
    "w = model(x)\nreturn g * w",  # w's state is unknown
    "return g * w",  # w is None here: not a number
    "return helper(x) + helper(x)",  # the helper runs twice on a varying value
])
def test_sf106_silent_where_jax_accepts_or_the_states_are_not_known(body):
    extra = "def helper(v):\n    return v * 2\n"
    program = body_program(GATHERED + body, out_specs="P(None, 'j', reduced={'i'})", extra=extra)
    program = program.replace("def body(x):", "def body(x, w=None):")
    assert sf106_findings(program) == []


def test_sf106_helper_called_twice_fails_in_the_run_that_gets_the_reduced_value():
    # JAX traces helper(g) first: `v * 2` on a value reduced on 'i' raises there, whatever the
    # other call does; a cast in the helper would run on both calls, so there is no fix.
    extra = "def helper(v):\n    return v * 2\n"
    program = body_program(GATHERED + "return helper(x) + helper(g)", out_specs="P(None, 'j', reduced={'i'})", extra=extra)
    (finding,) = sf106_findings(program)
    assert program.splitlines()[finding.span.line - 1].strip() == "return v * 2"
    assert finding.fix is None


@pytest.mark.parametrize("newline", ["\r\n", "\r"])
def test_line_ends_other_than_newline_give_the_same_findings_and_fixes(newline):
    source = body_program("r = lax.psum(x, 'i')\nreturn lax.all_gather(r, 'i', to='reduced')", out_specs="P(None, 'j')")
    found = findings(source)
    assert found and [(f.code, f.span) for f in findings(source.replace("\n", newline))] == [
        (f.code, f.span) for f in found]
    assert fix(source.replace("\n", newline)) == fix(source).replace("\n", newline)


# ---------------------------------------------------------------------------------------------
# Fix spelling: only names bound where the cast is inserted
# ---------------------------------------------------------------------------------------------
def test_a_cast_never_uses_a_name_imported_only_in_another_function():
    source = """\
        import jax
        from jax.sharding import PartitionSpec as P


        def setup():
            from jax import lax
            return lax


        def body(x):
            r = jax.lax.psum(x, 'i')
            return jax.lax.all_gather(r, 'i', to='reduced')


        f = jax.shard_map(body, mesh=jax.make_mesh((8,), ('i',)), in_specs=P('i'), out_specs=P(reduced={'i'}))
    """
    assert "    r = jax.lax.pcast(r, 'i', to='varying')\n" in fix(source)
    # the body's own import is usable there
    own = source.replace("        def body(x):\n", "        def body(x):\n            from jax import lax\n")
    assert "    r = lax.pcast(r, 'i', to='varying')\n" in fix(own)


# ---------------------------------------------------------------------------------------------
# Axis names given to a builder function
# ---------------------------------------------------------------------------------------------
BUILDER = """\
    import jax
    from jax import lax
    from jax.sharding import PartitionSpec as P


    def make_step(mesh, axis):
        def step(x):
            total = lax.psum(x, axis)
            return lax.all_gather(total, axis, to='reduced')

        return jax.shard_map(step, mesh=mesh, in_specs=P(axis), out_specs=P(reduced={axis}))


    mesh = jax.make_mesh((8,), ('data',))
    train = make_step(mesh, 'data')
"""


def test_an_axis_name_two_calls_pass_with_two_meshes_is_a_symbol():
    # two calls with different axes: the parameter is a symbol, one str per call (both calls pass
    # a literal), and the bug holds for any axis (analysis/symbols.py)
    other = "    other = make_step(jax.make_mesh((8,), ('model',)), 'model')\n"
    assert [f.code for f in findings(BUILDER + other)] == ["SF101"]


def test_an_axis_name_every_call_of_a_builder_passes_is_followed():
    assert [f.code for f in findings(BUILDER)] == ["SF101"]
    # two calls with different axes: the parameter is a symbol, one str per call (both calls pass
    # a literal), and the bug holds for any axis (analysis/symbols.py); the calls pass different
    # meshes, so no one mesh is known (with one mesh every caller passes, caller_meshes.py, the
    # symbol is split into that mesh's axis names instead)
    # a reference that is not a call: any value may come, but JAX takes only a str in
    # reduced={...}, so the bug holds for whatever str it is given
    assert [f.code for f in findings(BUILDER + "    builders = [make_step]\n")] == ["SF101"]
    # without reduced={axis} nothing says it is one str (a tuple, even an empty one): unknown
    assert findings((BUILDER + "    builders = [make_step]\n").replace("out_specs=P(reduced={axis})", "out_specs=P()")) == []
    # rebound in the builder: not the value the calls pass
    assert findings(BUILDER.replace("    def make_step(mesh, axis):\n", "    def make_step(mesh, axis):\n        axis = 'model'\n")) == []

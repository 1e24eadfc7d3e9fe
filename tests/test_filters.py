"""The engine's filters never change an answer: findings are the same with them on and off, for
every rule alone and all together, whatever import spelling, layout and line ending the module
uses; and `--select X` finds exactly the X findings of a full run."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from codemods.engine import Options, process_source
from codemods.rules import all_rules

ROOT = Path(__file__).resolve().parent.parent
CODES = tuple(rule.code for rule in all_rules())

# How a module reaches shard_map: (import lines, the callee, whether the mesh is positional).
SHARD_MAP_FORMS = [
    (["import jax"], "jax.shard_map", False),
    (["from jax import shard_map as smap"], "smap", False),
    (["import jax.experimental.shard_map as X"], "X.shard_map", True),
    (["from jax.experimental import shard_map as sm"], "sm.shard_map", True),
    (["from jax.experimental.shard_map import (", "    shard_map,", ")"], "shard_map", True),
]
# How it reaches jax.lax: (import lines at module level, import lines in the body, prefix of a lax name).
LAX_FORMS = [
    (["from jax import lax"], [], "lax."),
    (["import jax.lax as L"], [], "L."),
    (["from jax.lax import (", "    psum,", "    all_gather, pvary)"], [], ""),
    (["from jax.lax import psum, \\", "    all_gather, pvary"], [], ""),
    ([], ["from jax import lax"], "lax."),
    (["import jax"], [], "jax.lax."),
]
STEPS = {
    "sf101": ["r = {psum}(x, 'i')", "r = {lax}all_gather(r, 'i', to={mode})"],
    "sf103": ["g = {lax}all_gather(x, 'j', to={mode})", "s = {psum}(g, 'j')"],
    "sf105": ["r = {psum}(x, 'i')", "t = {psum}(r, ('i', 'j'))"],
    "old api": ["v = {lax}pvary(x, 'j')"],
    "clean": ["y = {psum}(x, 'i')"],
}
# Texts the analysis reads by value that the file's bytes never spell (prefilter.py's proof):
# the gather mode "reduced" and the name "psum" by implicit concatenation, escapes, f-strings,
# join, case changes, a StrEnum member's auto() value and NFKC-normalised identifiers.
MODES = ["'reduced'", "'re' 'duced'", "'r\\x65duced'", "'r\\u0065duced'", "f\"{'re'}duced\"",
         "''.join(['re', 'duced'])", "'REDUCED'.lower()", "Mode.ReDuCeD"]
PSUMS = ["{lax}psum", "getattr(jax.lax, 'p' 'sum')", "getattr(jax.lax, 'p\\x73um')", "getattr(jax.lax, 'PSUM'.lower())",
         "getattr(jax.lax, ''.join(['p', 'sum']))", "jax.lax.\uff50sum"]
# shard_map itself, by a name Python normalises to it (a comment may still spell the word).
CALLEES = ["{callee}", "jax.\uff53hard_map"]


@st.composite
def programs(draw) -> str:
    imports, callee, positional = draw(st.sampled_from(SHARD_MAP_FORMS))
    lax_top, lax_local, lax = draw(st.sampled_from(LAX_FORMS))
    steps = [line for name in draw(st.lists(st.sampled_from(sorted(STEPS)), min_size=1, max_size=3))
             for line in STEPS[name]]
    mode, psum = draw(st.sampled_from(MODES)), draw(st.sampled_from(PSUMS)).format(lax=lax)
    callee = draw(st.sampled_from(CALLEES)).format(callee=callee)
    if "\uff53" in callee:  # `jax.shard_map` then, which takes the mesh by keyword
        positional = False
    feed = draw(st.booleans())
    newline = draw(st.sampled_from(["\n", "\r\n", "\r"]))
    specs = "P('i', 'j'), P('i', 'j')" if positional else "mesh=mesh, in_specs=P('i', 'j'), out_specs=P('i', 'j')"
    lines = ["import jax" if "import jax" not in imports + lax_top else "# spelled below"]
    lines += imports + lax_top + ["from jax.sharding import PartitionSpec as P", ""]
    if mode.startswith("Mode."):
        lines += ["import enum", "", "", "class Mode(enum.StrEnum):", "    ReDuCeD = enum.auto()", ""]
    if draw(st.booleans()):
        lines += ["# a shard_map body below"]
    lines += ["\x0c" if feed else "", "def body(x):"]
    lines += ["    " + line for line in lax_local]
    lines += ["    " + step.format(lax=lax, psum=psum, mode=mode) for step in steps]
    lines += ["    return x", "", "", "mesh = jax.make_mesh((2, 4), ('i', 'j'))"]
    lines += [f"f = {callee}(body, {'mesh, ' if positional else ''}{specs})" if positional
              else f"f = {callee}(body, {specs})", ""]
    return newline.join(lines)


def _findings(source: str, select: tuple[str, ...] | None, prefilter: bool) -> list[tuple]:
    result = process_source(source, "t.py", Options(select=select, target=(0, 10, 2), prefilter=prefilter))
    assert result.error is None, result.error
    return [(f.code, f.span, f.message, f.fix is not None) for f in result.findings]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs())
def test_filters_on_and_off_give_the_same_findings(source):
    everything = _findings(source, None, prefilter=False)
    assert _findings(source, None, prefilter=True) == everything
    for code in CODES:
        alone = _findings(source, (code,), prefilter=True)
        assert alone == _findings(source, (code,), prefilter=False), code
        assert alone == [f for f in everything if f[0] == code], code


def test_the_generated_forms_are_reported():
    # The property above compares answers; this says the forms are understood at all.
    source = "\n".join([
        "import jax", "from jax.experimental import shard_map as sm", "from jax.lax import (", "    psum,",
        "    all_gather)", "from jax.sharding import PartitionSpec as P", "\x0c", "def body(x):",
        "    r = psum(x, 'i')", "    r = all_gather(r, 'i', to='reduced')", "    return x", "",
        "mesh = jax.make_mesh((2, 4), ('i', 'j'))", "f = sm.shard_map(body, mesh, P('i', 'j'), P('i', 'j'))", ""])
    for newline in ("\n", "\r\n", "\r"):
        codes = [finding[0] for finding in _findings(source.replace("\n", newline), ("SF101",), prefilter=True)]
        assert codes == ["SF101"], newline


# Run on jax 0.10.2 (8 CPU devices): each spelling raises at line 5, as `to='reduced'` and
# `jax.lax.psum` do ("all_gather_reduced is a Varying -> Reduced collective", "jax.lax.psum can
# only accept axis_name which corresponds to one of varying, ...").
RUN_ON_JAX = """import jax
from jax.sharding import PartitionSpec as P
def body(x):
    {first}
    {second}
    return x
mesh = jax.make_mesh((2, 4), ('i', 'j'))
f = jax.shard_map(body, mesh=mesh, in_specs=P('i', 'j'), out_specs=P('i', 'j'))
f(jax.device_put(jax.numpy.ones((8, 8)), jax.sharding.NamedSharding(mesh, P("i", "j"))))
"""


@pytest.mark.parametrize("code,first,second", [
    *[("SF101", "r = jax.lax.psum(x, 'i')", f"r = jax.lax.all_gather(r, 'i', to={mode})") for mode in MODES[:-1]],
    *[("SF105", f"r = {psum}(x, 'i')", f"t = {psum}(r, ('i', 'j'))") for psum in (p.format(lax="jax.lax.") for p in PSUMS)],
])
def test_texts_the_bytes_do_not_spell_are_found_with_the_filters_on(code, first, second):
    # (the StrEnum mode is left out: the analysis does not model `auto()`, so the run stops)
    source = RUN_ON_JAX.format(first=first, second=second)
    assert [(f[0], f[1].line) for f in _findings(source, None, prefilter=True)] == [(code, 5)]


def _fixture_sources() -> list[Path]:
    return sorted(path for path in (ROOT / "fixtures").rglob("*.py"))


@pytest.mark.parametrize("path", _fixture_sources(), ids=lambda path: str(path.relative_to(ROOT / "fixtures")))
def test_select_finds_exactly_the_findings_of_a_full_run(path):
    source = path.read_text(encoding="utf-8")
    everything = _findings(source, None, prefilter=True)
    for code in {finding[0] for finding in everything} | {"SF101", "SF201"}:
        assert _findings(source, (code,), prefilter=True) == [f for f in everything if f[0] == code], code


# Lines of other rules' kinds, so that a file passes the byte prefilter for one rule and holds
# the words (or not) of another: each rule's own words must decide whether it runs.
OTHER_FORMS = [
    "mesh2 = jax.sharding.Mesh(jax.devices(), ('d',))",
    "with mesh2:\n    pass",
    "z = jax.device_put_sharded([x0], jax.devices())",
    "w = jax.typeof(x0).vma",
    "from jax.experimental.pjit import pjit",
    "g = jax.pmap(lambda v: v)",
    "mesh3 = jax.make_mesh((8,), ('d',))",
    "# vmap, Mesh and pvary in a comment",
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs(), st.lists(st.sampled_from(OTHER_FORMS), max_size=4), st.sampled_from([(0, 8, 1), (0, 10, 2)]))
def test_filters_on_and_off_give_the_same_fixes(source, extra, target):
    newline = "\r\n" if "\r\n" in source else "\r" if "\r" in source else "\n"
    text = source + "\n".join(["x0 = 1", *extra, ""]).replace("\n", newline)
    results = [process_source(text, "t.py", Options(target=target, prefilter=on, unsafe_fixes=True), fix=True)
               for on in (True, False)]
    assert results[0].error == results[1].error
    assert [(f.code, f.span, f.message) for f in results[0].findings] == \
        [(f.code, f.span, f.message) for f in results[1].findings]
    assert results[0].output == results[1].output


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize("statement", [
    "with mesh:\n    pass",
    "\x0cwith (mesh):\n    pass",
    "if True:\n\twith mesh as m, open('f'):\n\t\tpass",
    "async def f():\n    async  with mesh:\n        pass",
    "async def f():\n    async \\\n    with mesh:\n        pass",
    "x = 1; y = 2\nwith \\\n  mesh:\n    pass",
])
def test_sf206_byte_filter_lets_every_with_statement_through(statement, newline):
    source = ("import jax\nmesh = jax.sharding.Mesh(jax.devices(), ('d',))\n" + statement + "\n").replace("\n", newline)
    from codemods.rules.sf206 import WithMesh

    assert WithMesh.may_match(source.encode())
    found = _findings(source, ("SF206",), prefilter=True)
    assert found == _findings(source, ("SF206",), prefilter=False)
    if not statement.startswith("async"):  # the rule reads plain `with` statements only
        assert [f[0] for f in found] == ["SF206"]


def test_sf206_byte_filter_skips_mesh_code_without_a_with_statement():
    from codemods.rules.sf206 import WithMesh

    assert not WithMesh.may_match(b"mesh = Mesh(devs, ('d',))  # with mesh:\nx = 1; y = 'with'\n")

"""The speed work of the 2026-12-06 session may change no answer: each shortcut gives the same
findings on and off, and each fact now made once per module or node equals the fact asked afresh
(the reading the code had before, kept here as the reference). No timings are asserted."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from codemods import jaxapi
from codemods.analysis import gather_aliases
from codemods.analysis.curried_defs import _shift, curried_shift
from codemods.analysis.host_exprs import _bound_names, bound_names
from codemods.analysis.host_objects import Bail
from codemods.analysis.scope_declarations import _declarations, declarations, stored_names
from codemods.engine import Options, process_source

ROOT = Path(__file__).resolve().parent.parent
FORMS = sorted((ROOT / "tests" / "data" / "forms").glob("*.py"))
GATHER_FORMS = [path for path in FORMS if "top_level_all_gather" in path.read_text(encoding="utf-8")]
# Every form whose module makes a partial (where the shortcut must not skip), and every fifteenth of the rest.
SAMPLE = [path for index, path in enumerate(GATHER_FORMS)
          if "partial" in path.read_text(encoding="utf-8") or index % 15 == 0]


def _findings(path: Path) -> list:
    source = path.read_text(encoding="utf-8")
    result = process_source(source, str(path), Options(target=jaxapi.NEWEST_KNOWN, select=("SF104",)), fix=False)
    return [(f.span, f.code, f.message) for f in result.findings], result.error


@pytest.mark.parametrize("path", SAMPLE, ids=lambda path: path.stem)
def test_sf104_partials_shortcut_changes_nothing(path, monkeypatch):
    with_shortcut = _findings(path)
    monkeypatch.setattr(gather_aliases, "SKIP_WITHOUT_PARTIALS", False)
    assert _findings(path) == with_shortcut


def test_the_sample_holds_gather_partials_and_modules_without():
    with_partials = [p for p in SAMPLE if "partial(" in p.read_text(encoding="utf-8")]
    assert with_partials and len(with_partials) < len(SAMPLE)


def _trees():
    for path in FORMS[::5] + [p for p in FORMS if "curr" in p.stem or "global" in p.read_text(encoding="utf-8")]:
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def _answer(function, node):
    try:
        return function(node)
    except Bail:
        return Bail


def test_node_facts_kept_equal_facts_asked_afresh():
    for path, tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                fresh = _answer(lambda function: _bound_names(function, False), node)
                assert _answer(bound_names, node) == fresh == _answer(bound_names, node), path
                if type(node) is not ast.Lambda:
                    fresh = _answer(_declarations, node)
                    assert _answer(declarations, node) == fresh == _answer(declarations, node), path


def _old_curried_shift(tree, function) -> int:
    decorators = getattr(function, "decorator_list", ())
    if len(decorators) != 1 or type(decorators[0]) is not ast.Name:
        return 0
    makers = [stmt for stmt in tree.body if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
              and stmt.name == decorators[0].id]
    bound_else = any(type(node) is ast.Name and node.id == decorators[0].id and not isinstance(node.ctx, ast.Load)
                     for node in ast.walk(tree))
    if len(makers) != 1 or bound_else or type(makers[0]) is not ast.FunctionDef:
        return 0
    return _shift(makers[0])


CURRIED = """
def curry1(f):
    def fc(*args, **kwargs):
        return lambda x: f(x, *args, **kwargs)
    return fc

@curry1
def make(protein, axis_names):
    return protein
"""


def test_curried_shift_equals_the_whole_module_reading():
    rebound = ast.parse(CURRIED + "curry1 = None\n")
    for tree in [ast.parse(CURRIED), rebound, *(tree for _, tree in _trees())]:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assert curried_shift(tree, node) == _old_curried_shift(tree, node)
    made = ast.parse(CURRIED).body[1]
    assert curried_shift(ast.parse(CURRIED), made) == 1  # the shape is read
    assert curried_shift(rebound, rebound.body[1]) == 0  # and a rebound decorator is not


def _old_bound_elsewhere(tree, name: str) -> bool:
    """settled_globals' scope test as each name asked it before (without the module's writes)."""
    if "exec" in {n.id for n in ast.walk(tree) if type(n) is ast.Name}:
        return False
    for node in ast.walk(tree):
        if type(node) is ast.arg and node.arg == name or type(node) is ast.Nonlocal and name in node.names:
            return False
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            inner = stored_names(node) if type(node) is not ast.Lambda else set()
            if name in inner and (type(node) is not ast.FunctionDef or name not in declarations(node)[0]
                                  or name in stored_names(node, assigned=False)):
                return False
    return not any(isinstance(node, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)) and any(
        type(t) is ast.Name and t.id == name for g in node.generators for t in ast.walk(g.target)) for node in ast.walk(tree))


def test_settled_globals_scope_facts_equal_the_per_name_reading():
    from codemods.analysis.settled_globals import _bound_in_scopes

    for path, tree in _trees():
        names = {n.id for n in ast.walk(tree) if type(n) is ast.Name} | {"exec"}
        for name in names:
            try:
                old = _old_bound_elsewhere(tree, name)
            except Bail:
                old = False  # (unknown: the same answer, no settled value)
            bound, names_exec = _bound_in_scopes(tree)
            assert old == (not names_exec and name not in bound), (path, name)


def test_alias_graph_kept_gives_what_a_fresh_graph_gives():
    from codemods.analysis.mutation import _aliased, _changed_names

    for path, tree in _trees():
        names = sorted({n.id for n in ast.walk(tree) if type(n) is ast.Name})[:40]
        first = [_aliased(tree, {name}) for name in names]
        sites, spelled = _changed_names(tree)
        assert set(sites) == spelled
        for attr in ("_shardfix_alias_graph", "_shardfix_changed_in_place"):
            tree.__dict__.pop(attr, None)
        assert [_aliased(tree, {name}) for name in names] == first, path
        assert _changed_names(tree)[0].keys() == sites.keys()

"""The speed work of the session of 2026-12-06 10:34 UTC (devif) may change no answer. Each fact
that was read by an `ast.walk` of the whole module (or a walk per scope) and is now read from the
module's indexes, or skipped where a cheap test shows the walk can find nothing, equals the old
reading (kept here as the reference) on every kind of module: the forms, the fixture programs
and small modules written to reach the branches the shortcuts skip. No timings are asserted."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from codemods.analysis import changed_classes, nodes
from codemods.analysis.changed_classes import (
    _DUNDER_SETTERS,
    _NAMESPACE_CALLS,
    _SETTERS,
    ANY,
    _body_changes,
    _class_receiver,
    _escaped_setters_of,
    _may_change_bodies,
    _maybe_class,
    _setattr_targets,
)
from codemods.analysis.class_attributes import class_own_bindings
from codemods.analysis.cli_args import _is_vars, spread_vars
from codemods.analysis.field_changers import _names_dataclass_fields
from codemods.analysis.module_reads import module_binding_counts
from codemods.analysis.normalised_args import _in_body, normalising_stores
from codemods.analysis.patched_functions import _DEFAULTS, defaults_patched
from codemods.analysis.reached_mutators import _CHANGING_DUNDERS, _REFLECTION, CHANGERS, _names_changers
from codemods.analysis.repr_vars import _FORMAT_DUNDERS, _PURE_BUILTINS, _formatted_walks, _formatting_vars, _harmless
from codemods.budget import MAX_OPERATOR_CHAIN, TooComplex, check_libcst_size
from codemods.private_names import _may_hold_private, mangle_private_names

ROOT = Path(__file__).resolve().parent.parent
FORMS = sorted((ROOT / "tests" / "data" / "forms").glob("*.py"))
FIXTURES = sorted((ROOT / "fixtures").glob("SF*/*/*.py"))

# Small modules that reach what the shortcuts pass over in most files.
WRITTEN = {
    "setattr": """
class Plan:
    AXES = ("x",)
    def narrow(cls, name):
        setattr(cls, "AXES", name)
    @classmethod
    def widen(cls):
        setattr(cls, "AXES", ("x", "y"))
        type.__setattr__(cls, "MORE", 1)
def helper(target, name=setattr(Plan, "X", 1)):
    setattr(target, name, 2)
    f = lambda obj: setattr(obj, "L", 3)
    class Inner:
        setattr(Plan, "INNER", 4)
    object.__setattr__(Plan, "O", 5)
    Plan.__setattr__("B", 6)
setattr(Plan, "TOP", 7)
delattr(Plan, "AXES")
for cls in [Plan]:
    setattr(cls, "LOOP", 8)
def escaped(items):
    return list(map(setattr, items))
""",
    "private": """
class Base:
    __AXES = ("x",)
    def axes(self, __other=None):
        global __G
        try:
            pass
        except ValueError as __err:
            pass
        return self.__AXES, __other
    def __private(self):
        return f(__kw=1)
""",
    # `_` then U+FE33 (a connector Python's NFKC makes `_`): `__axes` in the tree, not in the text
    "private_nonascii": "class A:\n    _\ufe33axes = 1\n    def f(self):\n        return self._\ufe33axes\n",
    "walrus_match": """
def f(x):
    if (n := len(x)) > 2:
        return n
    match x:
        case {"sync": axes, **rest}:
            return axes, rest
        case [first, *others]:
            return first, others
        case Point(x=px) as whole:
            return px, whole
    return [y for z in x if (y := z)]
""",
    "vars": """
class Layer:
    def __init__(self, axes):
        self.axes = axes
    def __repr__(self):
        args = ", ".join(f"{k}={v!r}" for k, v in vars(self).items())
        return f"{type(self).__name__}({args})"
def run(cfg):
    return make(**vars(cfg))
""",
    "vars_rebound": """
vars = dict
def run(cfg):
    return make(**vars(cfg))
""",
    "parse_args": """
import argparse
def options(argv=None):
    parser = argparse.ArgumentParser()
    args = parser.parse_args(argv)
    args.mesh_axes = tuple(args.mesh_axes.split(","))
    args.batch = int(args.batch)
    return args
args = argparse.ArgumentParser().parse_args()
args.axes = "x"
async def later():
    ns = parser.parse_args()
    ns.x = 1
""",
    "class_body_changes": """
class Plan:
    AXES = ("x",)
    del AXES
    vars()["MORE"] = 1
    exec("EXTRA = 2")
    locals().update(OTHER=3)
class Clean:
    AXES = ("y",)
""",
    "dataclass_fields": """
import dataclasses
class Config:
    axes = ("x",)
def fields(obj):
    return obj.__dataclass_fields__, "__dataclass_fields__"
""",
    "defaults": """
def f(x, axis="x"):
    return x
f.__defaults__ = ("y",)
g = getattr(f, "__kwdefaults__")
""",
    "changers": """
class Env:
    def __getattr__(self, name):
        return getattr(self.env, name)
def f(table):
    table.update(x=1)
    name = "append"
    return dir(table), vars(table), table.__dict__
""",
    "bindings": """
import os, jax.numpy as jnp
from functools import partial as p
global G
x = y = 1
del x
for i, (j, k) in enumerate([]):
    pass
with open("f") as handle:
    pass
try:
    pass
except Exception as error:
    pass
class C:
    f = 1
    def f(self, a, *args, b=2, **kw):
        nonlocal_name = 1
def outer():
    n = 0
    def inner():
        nonlocal n
        n += 1
    return inner
lambda q: q
""",
}


def _sources():
    for path in FORMS[::3] + FIXTURES:
        yield path.name, path.read_text(encoding="utf-8")
    yield from WRITTEN.items()


def _trees():
    for name, source in _sources():
        try:
            yield name, mangle_private_names(ast.parse(source)), source
        except SyntaxError:
            continue


TREES = list(_trees())


# -------------------------------------------------------------------------------------------
# The readings before this session (whole-module walks), as they were
# -------------------------------------------------------------------------------------------

def _old_formatting_vars(tree):
    rebound = {node.id for node in ast.walk(tree) if type(node) is ast.Name and not isinstance(node.ctx, ast.Load)}
    rebound |= {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
                for alias in node.names}
    rebound |= {node.name for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                                          ast.ClassDef))}
    if rebound & _PURE_BUILTINS:
        return frozenset()
    dunders = [node for node in ast.walk(tree) if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
               and node.name in _FORMAT_DUNDERS]
    if not all(type(dunder) is ast.FunctionDef and not dunder.decorator_list and _harmless(dunder)
               for dunder in dunders):
        return frozenset()
    found = set()
    for dunder in dunders:
        for node in ast.walk(dunder):
            if isinstance(node, (ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp)):
                found |= _formatted_walks(node)
    return frozenset(found)


def _old_spread_vars(tree):
    return frozenset(id(keyword.value.func) for keyword in ast.walk(tree)
                     if type(keyword) is ast.keyword and keyword.arg is None
                     and _is_vars(keyword.value)) | _old_formatting_vars(tree)


def _old_normalising(tree):
    found, after = set(), {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
            found |= _in_body(node, after)
    return frozenset(found), after


def _old_setattr_targets(tree, classes, setters):
    on_any, on = set(), {}
    methods = {id(member) for cls in nodes.nodes_of_type(tree, ast.ClassDef) for member in cls.body}
    owner = {id(member): cls.name for cls in classes.values() for member in cls.body}
    for scope in [tree, *(node for node in nodes.iter_nodes(tree) if type(node) in (ast.FunctionDef, ast.AsyncFunctionDef))]:
        for call in nodes.body_nodes(scope, nodes.DEFS):
            if type(call) is not ast.Call:
                continue
            func = call.func
            if type(func) is ast.Name and func.id in _SETTERS & setters and len(call.args) >= 2:
                target, name = call.args[0], call.args[1]
            elif type(func) is ast.Attribute and func.attr in _DUNDER_SETTERS and call.args:
                if type(func.value) is ast.Name and func.value.id in ("type", "object"):
                    target, name = call.args[0], call.args[1] if len(call.args) > 1 else None
                else:
                    target, name = func.value, call.args[0]
            else:
                continue
            attr = name.value if type(name) is ast.Constant and type(name.value) is str else ANY
            if type(target) is ast.Name and target.id in classes:
                on.setdefault(target.id, set()).add(attr)
            elif id(scope) in owner and _class_receiver(scope, target):
                on.setdefault(owner[id(scope)], set()).add(attr)
            elif _maybe_class(target, scope, classes, id(scope) in methods):
                on_any.add(attr)
    return on_any, on


def _old_escaped_names(tree):
    parents = nodes.module_parents(tree)
    for node in [*nodes.nodes_of_type(tree, ast.Name), *nodes.nodes_of_type(tree, ast.Attribute)]:
        name = node.id if type(node) is ast.Name else node.attr
        if name not in _SETTERS | _DUNDER_SETTERS or not isinstance(node.ctx, ast.Load):
            continue
        call = parents.get(id(node))
        if type(call) is not ast.Call or call.func is not node or any(type(a) is ast.Starred for a in call.args) \
                or len(call.args) < (2 if type(node) is ast.Name else 1) \
                or type(node) is ast.Attribute and name in _SETTERS:
            return True
    return None  # (the exec/eval part is unchanged)


def _old_inner_bindings(scope):
    found = set()
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is ast.NamedExpr and type(node.target) is ast.Name:
            found.add(node.target.id)
        elif kind in (ast.MatchAs, ast.MatchStar) and node.name is not None:
            found.add(node.name)
        elif kind is ast.MatchMapping and node.rest is not None:
            found.add(node.rest)
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            stack.extend(ast.iter_child_nodes(node))
    return found


def _old_binding_counts(tree, with_params):
    counts = {}
    own = class_own_bindings(tree)
    for node in ast.walk(tree):
        names = []
        if id(node) in own:
            continue
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names = [node.name]
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names = [node.id]
        elif with_params and isinstance(node, ast.arg):
            names = [node.arg]
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [(alias.asname or alias.name).split(".")[0] for alias in node.names]
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            names = list(node.names)
        for name in names:
            counts[name] = counts.get(name, 0) + 1
    return counts


def _old_names_changers(tree):
    return any(type(node) is ast.Attribute and (node.attr in CHANGERS and node.attr not in _CHANGING_DUNDERS
                                                or node.attr in _REFLECTION)
               or type(node) is ast.Name and node.id in _REFLECTION
               or type(node) is ast.Constant and type(node.value) is str and node.value in CHANGERS
               for node in ast.walk(tree))


# -------------------------------------------------------------------------------------------

def test_the_corpus_reaches_the_branches_the_shortcuts_skip():
    assert len(TREES) > 1000
    trees = dict((name, tree) for name, tree, _ in TREES)
    assert _setattr_targets(trees["setattr"], {"Plan": trees["setattr"].body[0]}, _SETTERS | _DUNDER_SETTERS) != (set(), {})
    assert _may_change_bodies(trees["class_body_changes"]) and _body_changes(trees["class_body_changes"].body[0])
    assert _formatting_vars(trees["vars"]) and spread_vars(trees["vars"])
    assert normalising_stores(trees["parse_args"])
    assert _names_dataclass_fields(trees["dataclass_fields"]) and defaults_patched(trees["defaults"])
    assert _names_changers(trees["changers"])
    assert any(_old_inner_bindings(node) for node in ast.walk(trees["walrus_match"]))


@pytest.mark.parametrize("index", range(4))
def test_module_facts_read_from_the_indexes_equal_the_walks(index):
    for name, tree, _ in TREES[index::4]:
        assert _formatting_vars(tree) == _old_formatting_vars(tree), name
        assert spread_vars(tree) == _old_spread_vars(tree), name
        stores, after = _old_normalising(tree)
        assert normalising_stores(tree) == stores and tree._shardfix_normalised_after == after, name
        assert _names_dataclass_fields(tree) == any(
            type(node) is ast.Attribute and node.attr == "__dataclass_fields__"
            or type(node) is ast.Constant and node.value == "__dataclass_fields__" for node in ast.walk(tree)), name
        assert defaults_patched(tree) == any(type(node) is ast.Attribute and node.attr in _DEFAULTS
                                             or type(node) is ast.Constant and node.value in _DEFAULTS
                                             for node in ast.walk(tree)), name
        assert _names_changers(tree) == _old_names_changers(tree), name
        for with_params in (False, True):
            assert module_binding_counts(tree, with_params) == _old_binding_counts(tree, with_params), name


@pytest.mark.parametrize("index", range(4))
def test_class_changes_read_from_the_calls_equal_the_scope_walks(index):
    for name, tree, _ in TREES[index::4]:
        classes = {node.name: node for node in tree.body if type(node) is ast.ClassDef}
        for setters in (_SETTERS | _DUNDER_SETTERS, _DUNDER_SETTERS):
            assert _setattr_targets(tree, classes, setters) == _old_setattr_targets(tree, classes, setters), name
        old = _old_escaped_names(tree)
        if old:
            assert _escaped_setters_of(tree), name
        if not _may_change_bodies(tree):
            assert not any(_body_changes(cls) for cls in nodes.nodes_of_type(tree, ast.ClassDef)), name
        else:
            assert any(name in nodes.names_by_id(tree) for name in _NAMESPACE_CALLS) or any(
                type(node) is ast.Name and type(node.ctx) is ast.Del for node in ast.walk(tree))


def test_inner_bindings_shortcut_equals_the_walk():
    for name, tree, _ in TREES:
        nodes.module_nodes(tree)  # (the module listed last: where the shortcut looks)
        for node in nodes.module_nodes(tree):
            if type(node) in (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef):
                assert nodes.inner_bindings(node) == _old_inner_bindings(node), name
    detached = ast.parse(WRITTEN["walrus_match"]).body[0]  # a node of no listed module: walked
    assert nodes.inner_bindings(detached) == _old_inner_bindings(detached) == {"n", "axes", "rest", "first", "others",
                                                                                "px", "whole", "y"}


def test_private_names_text_test_changes_no_tree():
    for name, source in _sources():
        try:
            plain = ast.dump(mangle_private_names(ast.parse(source)), include_attributes=True)
        except SyntaxError:
            continue
        assert ast.dump(mangle_private_names(ast.parse(source), source), include_attributes=True) == plain, name
    assert _may_hold_private(WRITTEN["private"]) and _may_hold_private(WRITTEN["private_nonascii"])
    assert not _may_hold_private("class A:\n    def __init__(self):\n        self.__dict__['__x__'] = 1\n")
    mangled = mangle_private_names(ast.parse(WRITTEN["private_nonascii"]), WRITTEN["private_nonascii"])
    assert "_A__axes" in ast.dump(mangled)  # (NFKC makes the text's `_\ufe33` a `__`)


def test_libcst_size_check_still_refuses_a_long_chain():
    check_libcst_size(ast.parse("x = " + " + ".join(["a"] * MAX_OPERATOR_CHAIN)))  # 999 operators: fine
    with pytest.raises(TooComplex):
        check_libcst_size(ast.parse("x = " + " + ".join(["a"] * (MAX_OPERATOR_CHAIN + 1))))
    many_short = "\n".join(f"x{i} = a + b" for i in range(MAX_OPERATOR_CHAIN + 5))  # past the gate, no long chain
    check_libcst_size(ast.parse(many_short))


def test_changed_class_tables_unchanged_on_written_modules():
    # The whole tables, as `changed_attributes` gives them: the answers of the code before this
    # session's change (read on the start code a73b80cf), kept here.
    tree = mangle_private_names(ast.parse(WRITTEN["setattr"]))
    assert changed_classes.changed_attributes(tree, tree.body[0]) == frozenset(
        {"INNER", "B", "MORE", "LOOP", "AXES", ANY, "L", "TOP", "O"})
    tree = ast.parse(WRITTEN["class_body_changes"])
    assert changed_classes.changed_attributes(tree, tree.body[0]) == frozenset({"EXTRA", "AXES", ANY, "MORE"})
    assert changed_classes.changed_attributes(tree, tree.body[1]) == frozenset()

"""Text calls whose every run the analysis saw (introspection_roads.py): `getattr(importlib.
import_module(module), attr)` in a Hydra-style `locate(path)`.

A call that reads an attribute name or a module name from a text it computes (`getattr(obj,
name)`, `importlib.import_module(module)`) is a road to closure cells or frames only when the text
may name one (`"__closure__"`, `"f_locals"`, `"sys"`, `"exec"`, ...). Where the text is not written
in the call, it is known only where the analysis saw every run of the call:
- The call stands in a plain module-level def F (no decorator, a name bound once, spelt by no str
  constant: nothing reaches it by name), and every read of F's name is a call of it that stands
  in F itself, in a def whose every run is seen the same way, or is a call the interpreter handed
  to a host run (host_calls.py) each time it met it, and each such run completed: a host run
  executes the call on real objects and records the texts each text call of it read.
- A def no code names (and none of whose callers any code names) in a program with an `if
  __name__ == "__main__":` block never runs: run as a program, only that block reaches the
  module's functions (nodes.runs_as_script; a module without one is a library, whose importer may
  call any function with any text, so its unnamed defs stay open).
Every text a recorded run read must name no road (read as a str constant written in the call is,
by introspection_roads.names_road). A call met once by an interpreter reading that did not run it
on real objects (a host run that gave up, a callee the reading did not resolve) leaves the texts
of that run unknown.

The closure reading asks before the runs that decide it are over (`launch` reads its cell before
`instantiate` runs), so a text call whose every run is seen only after the fact is let pass
provisionally and checked once the module's analysis is done (`kept`); where it fails, the
analysis is done again with such calls counted as roads (interpreter.analyse_module).
"""
from __future__ import annotations

import ast

from codemods.analysis.node_indexes import module_parents
from codemods.analysis.nodes import runs_as_script

_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


_DECIDING = frozenset({-1})  # (a def being decided: a call of it from its own callers is theirs)


def run_calls(tree: ast.Module, function: ast.AST) -> frozenset[int] | None:
    """The ids of the calls whose host runs must each complete for every run of `function` (a def
    of the module) to be seen; empty: it never runs; None: not every run can be seen."""
    cache = tree.__dict__.setdefault("_shardfix_run_calls", {})
    if id(function) not in cache:
        cache[id(function)] = _DECIDING
        cache[id(function)] = _run_calls(tree, function)
    found = cache[id(function)]
    return frozenset() if found is _DECIDING else found


def _run_calls(tree: ast.Module, function: ast.AST) -> frozenset[int] | None:
    if type(function) is not ast.FunctionDef or _plain_defs(tree).get(function.name) is not function:
        return None
    parents = module_parents(tree)
    needed: set[int] = set()
    for node in _loads(tree).get(function.name, ()):
        call = parents.get(id(node))
        if type(call) is not ast.Call or call.func is not node:
            return None  # (`REGISTRY["loc"] = locate`: handed out, called where the text is not seen)
        holder = _innermost_def(parents, node)
        if holder is function:
            continue  # (a call of itself: inside its own runs)
        outer = run_calls(tree, holder) if holder is not None and parents.get(id(holder)) is tree else None
        if outer is not None and tree.__dict__["_shardfix_run_calls"].get(id(holder)) is _DECIDING:
            outer = None  # (callers calling each other: only a call run on real objects is seen)
        if outer is None:
            needed.add(id(call))  # (at module level, in a class, a nested def, or a caller run unseen)
        else:
            needed |= outer  # (a plain def's call: its runs are its caller's)
    if not needed and not runs_as_script(tree):
        return None  # (a library's function no code calls: its importer may call it with anything)
    return frozenset(needed)


def _plain_defs(tree: ast.Module) -> dict[str, ast.FunctionDef]:
    """Module-level defs no decorator wraps, whose name nothing else binds and no str constant
    spells (`globals()["locate"]`, `getattr(module, "locate")`)."""
    cached = tree.__dict__.get("_shardfix_plain_defs")
    if cached is None:
        bound: dict[str, int] = {}
        spelt, docs = set(), set()
        for node in ast.walk(tree):
            kind = type(node)
            if kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
                bound[node.name] = bound.get(node.name, 0) + 1
            elif kind is ast.Name and type(node.ctx) is not ast.Load:
                bound[node.id] = bound.get(node.id, 0) + 1
            elif kind in (ast.Import, ast.ImportFrom):
                for alias in node.names:
                    name = alias.asname or alias.name.split(".")[0]
                    bound[name] = bound.get(name, 0) + 1
            elif kind in (ast.Global, ast.Nonlocal):
                for name in node.names:
                    bound[name] = bound.get(name, 0) + 2
            elif kind is ast.arg:
                bound[node.arg] = bound.get(node.arg, 0) + 1
            elif kind is ast.Constant and type(node.value) is str and id(node) not in docs:
                spelt.add(node.value)
            elif kind is ast.Expr and type(node.value) is ast.Constant:
                docs.add(id(node.value))  # (a docstring, or a bare text: read by no lookup)
        cached = tree.__dict__["_shardfix_plain_defs"] = {
            node.name: node for node in tree.body
            if type(node) is ast.FunctionDef and not node.decorator_list and bound.get(node.name) == 1
            and not any(node.name in text for text in spelt)}
    return cached


def _loads(tree: ast.Module) -> dict[str, list[ast.Name]]:
    cached = tree.__dict__.get("_shardfix_name_loads")
    if cached is None:
        cached = tree.__dict__["_shardfix_name_loads"] = {}
        for node in ast.walk(tree):
            if type(node) is ast.Name and type(node.ctx) is ast.Load:
                cached.setdefault(node.id, []).append(node)
    return cached


def _innermost_def(parents: dict, node: ast.AST) -> ast.AST | None:
    """The innermost def or lambda holding `node` (None: at module level or in a class body)."""
    current = parents.get(id(node))
    while current is not None and type(current) not in (ast.Module, ast.ClassDef):
        if isinstance(current, _DEFS):
            return current
        current = parents.get(id(current))
    return None


# -- what the runs recorded -------------------------------------------------------------------------
def note_texts(tree: ast.Module, call: ast.Call, texts: list) -> None:
    """A run read `texts` at the text call `call` (host_exprs.py)."""
    tree.__dict__.setdefault("_shardfix_run_texts", {}).setdefault(id(call), []).append(tuple(texts))


def note_call(tree: ast.Module, call: ast.AST | None, completed: bool) -> None:
    """The interpreter met `call`: a host run ran it to its end (`completed`), or it did not."""
    if call is not None:
        runs = tree.__dict__.setdefault("_shardfix_host_calls", {})
        done, missed = runs.get(id(call), (0, 0))
        runs[id(call)] = (done + 1, missed) if completed else (done, missed + 1)


def seen_texts(tree: ast.Module, call: ast.Call) -> list[tuple]:
    return tree.__dict__.get("_shardfix_run_texts", {}).get(id(call), [])


def all_completed(tree: ast.Module, calls: frozenset[int]) -> bool:
    runs = tree.__dict__.get("_shardfix_host_calls", {})
    return all(runs.get(each, (0, 1))[0] and not runs[each][1] for each in calls)


def relied(tree: ast.Module, check) -> None:
    """A reading took the answer `check()` must confirm once the module's runs are over."""
    tree.__dict__.setdefault("_shardfix_text_checks", []).append(check)


def kept(tree: ast.Module) -> bool:
    """Every provisional answer held (see the module's docstring)."""
    return all(check() for check in tree.__dict__.get("_shardfix_text_checks", ()))


def forget(tree: ast.Module) -> None:
    """Before the analysis is done again with unseen texts counted as roads."""
    for key in ("_shardfix_text_checks", "_shardfix_run_texts", "_shardfix_host_calls", "_shardfix_introspects",
                "_shardfix_texts_relied"):
        tree.__dict__.pop(key, None)
    tree.__dict__["_shardfix_texts_strict"] = True


def strict(tree: ast.Module) -> bool:
    return tree.__dict__.get("_shardfix_texts_strict", False)

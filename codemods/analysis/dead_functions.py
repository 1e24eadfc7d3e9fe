"""References inside defs that never run (issue 13): a model zoo's `BasicBlock.conv_weights`
when only `Bottleneck` is built, both calling the pasted helper `gather_reduced`. A def no run
entered, whose every reference was analysed and ran another def each time (resolved_calls.py),
and whose name no string spells (`getattr(block, "conv_weights")`), is never called: a reference
inside it calls nothing, so it does not keep the helper open (interpreter._closed)."""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, iter_with_scopes, nodes_of_type


def dead_references(interp, function: ast.AST) -> set[int]:
    """Ids of the reads of `function`'s name that sit inside defs that never run."""
    name = getattr(function, "name", None)
    index = interp.__dict__.get("_name_scopes")
    if index is None:
        index = interp.__dict__["_name_scopes"] = {}
        for node, scopes in iter_with_scopes(interp.scope.tree):
            if type(node) is ast.Name and type(node.ctx) is ast.Load:
                index.setdefault(node.id, []).append((node, scopes))
    found = set()
    for node, scopes in index.get(name, ()) if name else ():
        inner = next((each for each in reversed(scopes) if isinstance(each, DEFS)), None)
        if inner is not None and inner is not function and _dead(interp, inner):
            found.add(id(node))
    return found


def _dead(interp, function: ast.AST) -> bool:
    """A method no run entered whose every reference ran another def."""
    closing = interp.__dict__.setdefault("_dead_closing", set())
    if id(function) in closing or interp.function_runs.get(id(function), 0) \
            or interp.analysed_refs.get(id(function)) or interp.scope.class_of(function) is None:
        return False
    if any(type(node.value) is str and node.value == function.name
           for node in nodes_of_type(interp.scope.tree, ast.Constant)):
        return False
    closing.add(id(function))
    try:
        return interp._closed(function)
    finally:
        closing.discard(id(function))

"""Dicts and lists changed in place by the helpers they are handed to.

`merge_into(CONFIG, axes=("i",))` with `def merge_into(target, **kw): target.update(kw)`, a helper
setting `cfg["axes"] = a`, one passing its parameter on to such a helper, and
`mock.patch.dict(CONFIG, {...})`: the module-level object is changed where the analysis does not
run, so its text is not what a body reads (mutation.mutated_names adds these names). Functions are
matched by name, any argument counts: that can only make a name unknown, never a finding.
"""
from __future__ import annotations

import ast
from bisect import bisect_left

from codemods.analysis.built_tables import initializing_node
from codemods.analysis.changer_classes import changer_classes
from codemods.analysis.curried_defs import curried_shift
from codemods.analysis.held_names import returned_keys
from codemods.analysis.mutation import MUTATORS
from codemods.analysis.quiet_changes import quiet
from codemods.analysis.nodes import calls_by_callee, node_positions, nodes_of_type, nodes_of_type_under, subtree_end


def handed_to_changers(tree: ast.Module) -> set[str]:
    """Names handed to a function of the file that changes one of its parameters in place
    (`merge_into(CONFIG, axes=...)` with `target.update(overrides)`; matched by the function's
    name, any argument, to a fixpoint through helpers passing a parameter on), and names given to
    `mock.patch.dict(CONFIG, {...})`. Kept on the tree (a copy is handed out): a class's fields
    each ask again (mutation.changed_in_other_scopes)."""
    cached = tree.__dict__.get("_shardfix_handed_to_changers")
    if cached is None:
        cached = tree._shardfix_handed_to_changers = frozenset(_handed_to_changers(tree))
    return set(cached)


def _handed_to_changers(tree: ast.Module) -> set[str]:
    # A function no call names can neither be handed a name nor make a caller a changer (what a
    # function passes a parameter to is named by a call): most test methods are never called.
    by_callee = calls_by_callee(tree)
    functions = [function for kind in (ast.FunctionDef, ast.AsyncFunctionDef) for function in nodes_of_type(tree, kind)
                 if function.name in by_callee]
    # What a summary reads of the calls: a mutator method's receiver, and the names of the
    # functions a parameter is handed to, of which only this file's summarized functions can
    # ever be changers (the rest are never looked up): just those calls are read, from the
    # module's index of calls by callee, in walk order for bisection.
    where = node_positions(tree)
    calls = sorted((where[call], call) for name in {function.name for function in functions} | MUTATORS
                   for call in by_callee.get(name, ()))
    read = ([position for position, _ in calls], [call for _, call in calls])
    summaries: dict[str, list[tuple[bool, set[str]]]] = {}
    for function in functions:
        summaries.setdefault(function.name, []).append(_parameter_changes(tree, function, read))
    changers = {name for name, found in summaries.items() if any(direct for direct, _ in found)}
    changed = True
    while changed:  # a helper handing a parameter on to a changer changes it too
        changed = False
        for name, found in summaries.items():
            if name not in changers and any(passed & changers for _, passed in found):
                changers.add(name)
                changed = True
    handed: set[str] = set()
    changers |= changer_classes(tree)  # `Editor(CONFIG["mesh"])` of a class changing the field it keeps it in
    for callee in changers | {"dict"}:
        for call in by_callee.get(callee, ()):
            func = call.func
            if callee in changers or (type(func) is ast.Attribute and _last(func.value) == "patch"):
                args = [*call.args, *(k.value for k in call.keywords)]
                handed.update(_root_name(arg) or "" for arg in args)
                for arg in args:  # `narrow(with_name("rows"))` of `return {**CONFIG, ...}`: CONFIG's items
                    if type(arg) is ast.Call:
                        handed |= returned_keys(tree, arg)
    handed.discard("")
    return handed


def _parameter_changes(tree: ast.Module, function, read: tuple[list[int], list[ast.Call]]) -> tuple[bool, set[str]]:
    """Whether `function` changes one of its parameters in place itself, and the names of the
    functions it hands a parameter to (all of them only when it changes none: a changer's are
    never read), among the calls `read` (positions in the module's node list, and the calls).
    Its subscripts and calls come from the module's indexes (nested functions and methods would
    each walk their enclosing function's nodes again)."""
    params = {arg.arg for arg in [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]}
    params -= {"self", "cls"}  # a method changing its own object's containers changes no argument
    # a curried def's leading parameters get what its returned function is called with, never
    # what a call of its name passes (curried_defs.py)
    params -= {arg.arg for arg in [*function.args.posonlyargs, *function.args.args][:curried_shift(tree, function)]}
    passed: set[str] = set()
    if not params:
        return False, passed
    skipped = quiet(tree)  # `conf = dict(conf)` then `conf.pop(k)`: the copy changes (quiet_changes.py)
    for node in nodes_of_type_under(tree, function, ast.Subscript):
        if isinstance(node.ctx, (ast.Store, ast.Del)) and _root_name(node.value) in params and id(node) not in skipped \
                and not initializing_node(tree, node):  # `cfg = dict(cfg)` first: its own copy
            return True, passed
    positions, calls = read
    start = node_positions(tree)[function]
    end = subtree_end(tree, function, start)
    for node in calls[bisect_left(positions, start):bisect_left(positions, end)]:
        if isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
            if _root_name(node.func.value) in params and id(node) not in skipped and not initializing_node(tree, node):
                return True, passed
        elif any(_root_name(arg) in params for arg in [*node.args, *(k.value for k in node.keywords)]):
            passed.add(_last(node.func) or "")
    return False, passed


def _last(node: ast.expr) -> str | None:
    return node.id if type(node) is ast.Name else node.attr if type(node) is ast.Attribute else None


def _root_name(node: ast.expr) -> str | None:
    while isinstance(node, (ast.Subscript, ast.Attribute)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None

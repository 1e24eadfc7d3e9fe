"""Names a nested function reads from the parameters of the function that made it (issue 13).

A factory `def stage_gather(plan): def gather_leaf(path, x): axes = plan.get(...)` hands out
a closure over its own call's `plan`. Each call of the factory makes a new cell holding what
that call was given; when the factory never rebinds the parameter (no assignment, loop target,
`del`, `nonlocal` in a function it holds) and no code changes in place the objects the
factory's calls hand it (mutation.py), every call
of the closure reads the same value the interpreter runs it on: for the question whether a
repeated call takes the same way (repeat_guards.py) it is a parameter like the closure's own.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import calls_by_callee, module_parents

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
_SHARED_DEFAULTS = (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp, ast.Call)


def settled_closure_params(tree: ast.Module, function: ast.AST) -> set[str]:
    """The names `function` may read from an enclosing function's parameters that the
    enclosing function binds only as that parameter (a plain one: no shared mutable default)."""
    parents = module_parents(tree)
    found: set[str] = set()
    bound_inside: set[str] = _params(function)
    node = parents.get(id(function))
    while node is not None and type(node) is not ast.Module:
        if isinstance(node, _FUNCTIONS):
            params = _params(node) - bound_inside - _shared_defaults(node) if _given_unchanged(tree, node) else set()
            rebound = _rebound(node)
            found |= {name for name in params if name not in rebound}
            bound_inside |= _params(node) | rebound
        elif type(node) is ast.ClassDef:
            break  # a class body's names are not seen by its methods
        node = parents.get(id(node))
    return found


def _given_unchanged(tree: ast.Module, factory: ast.AST) -> bool:
    """Every call of the factory (by name) hands it objects no code changes in place (the
    closure keeps the object: a change made between two of its calls is not in what the
    interpreter gave it)."""
    from codemods.analysis.mutation import mutated_names  # (it imports much of the analysis)

    if type(factory) is ast.Lambda:
        return False
    changed = mutated_names(tree)
    for call in calls_by_callee(tree).get(factory.name, ()):
        for arg in [*call.args, *(keyword.value for keyword in call.keywords)]:
            root = arg.value if type(arg) is ast.Starred else arg
            while type(root) in (ast.Attribute, ast.Subscript):
                root = root.value
            if type(root) is ast.Name and root.id in changed:
                return False
    return True


def _params(function: ast.AST) -> set[str]:
    args = function.args
    return {arg.arg for arg in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg)
            if arg is not None}


def _shared_defaults(function: ast.AST) -> set[str]:
    args = function.args
    pairs = list(zip(reversed(args.posonlyargs + args.args), reversed(args.defaults))) \
        + [(arg, default) for arg, default in zip(args.kwonlyargs, args.kw_defaults) if default is not None]
    return {arg.arg for arg, default in pairs if isinstance(default, _SHARED_DEFAULTS)}


def _rebound(function: ast.AST) -> set[str]:
    """Names bound anywhere under `function` other than as its parameters (any depth: a nested
    `nonlocal` store, or a nested local of the same name, counts alike)."""
    cached = function.__dict__.get("_shardfix_rebound")
    if cached is None:
        cached = set()
        body = function.body if isinstance(function.body, list) else [function.body]
        for stmt in body:
            for node in ast.walk(stmt):
                kind = type(node)
                if kind is ast.Name and type(node.ctx) is not ast.Load:
                    cached.add(node.id)
                elif kind in (ast.Nonlocal, ast.Global):
                    cached.update(node.names)
                elif kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
                    cached.add(node.name)
                elif kind in (ast.Import, ast.ImportFrom):
                    cached.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
                elif kind is ast.ExceptHandler and node.name:
                    cached.add(node.name)
                elif kind in (ast.MatchAs, ast.MatchStar) and node.name:
                    cached.add(node.name)
                elif kind is ast.MatchMapping and node.rest:
                    cached.add(node.rest)
        function.__dict__["_shardfix_rebound"] = cached
    return cached

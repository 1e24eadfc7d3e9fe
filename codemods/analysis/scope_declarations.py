"""`global` and `nonlocal` in host runs and script runs (host_runs.py, script_run.py; issue 13).

Megatron/DeepSpeed-style scripts keep their process state in module globals set through
`global` statements (`initialize_model_parallel(...)` sets `_MESH`, `_TENSOR_MODEL_PARALLEL_AXIS`;
`set_global_variables(...)` fills `_GLOBAL_ARGS`) and read it back through getters; closures keep
counters through `nonlocal`. Python decides at compile time which scope such a name lives in: a
function's `global X` sends every load and store of X in that function to the module namespace (X
is not a local of it), `nonlocal X` to the nearest enclosing function that has X as a local. A run
executes calls one after another, so the module state one call leaves is exactly what later calls
read: following the declarations is all the run needs to be exact.
"""
from __future__ import annotations

import ast

from codemods.analysis.host_objects import Bail
from codemods.analysis.nodes import iter_nodes

_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp,
           ast.DictComp, ast.GeneratorExp)


def own_nodes(function: ast.AST):
    """The nodes of `function`'s own scope (not those of the scopes nested in it)."""
    return iter_nodes(function, prune=lambda n: n is not function and type(n) in _SCOPES)


def declarations(function: ast.AST) -> tuple[frozenset[str], frozenset[str]]:
    """(names declared `global`, names declared `nonlocal`) in `function`'s own scope. Kept on
    the node (a parsed tree is never edited): each call of a function a run makes asks again."""
    if type(function) is ast.Lambda:
        return frozenset(), frozenset()
    found = function.__dict__.get("_shardfix_declarations")
    if found is None:
        try:
            found = _declarations(function)
        except Bail:
            found = Bail
        function._shardfix_declarations = found
    if found is Bail:
        raise Bail
    return found


def _declarations(function: ast.AST) -> tuple[frozenset[str], frozenset[str]]:
    globals_: set[str] = set()
    nonlocals: set[str] = set()
    for node in own_nodes(function):
        if type(node) is ast.Global:
            globals_.update(node.names)
        elif type(node) is ast.Nonlocal:
            nonlocals.update(node.names)
    if globals_ & nonlocals:
        raise Bail  # (a SyntaxError in Python)
    return frozenset(globals_), frozenset(nonlocals)


def stored_names(function: ast.AST, assigned: bool = True) -> set[str]:
    """Names `function`'s own scope binds: by assignment (unless not `assigned`), def, class,
    import or `except ... as`."""
    names: set[str] = set()
    for node in own_nodes(function):
        if node is function:
            continue
        if type(node) is ast.Name and type(node.ctx) is not ast.Load:
            if assigned:
                names.add(node.id)
        elif type(node) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
            names.add(node.name)
        elif type(node) in (ast.Import, ast.ImportFrom):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif type(node) is ast.ExceptHandler and node.name is not None:
            names.add(node.name)
    return names


def declare(env, function: ast.AST, module_env) -> None:
    """Point `env` (a new call's scope of `function`, whose parent is where it was defined) at the
    scopes its `global` and `nonlocal` names live in."""
    globals_, nonlocals = declarations(function)
    if not globals_ and not nonlocals:
        return
    if (globals_ | nonlocals) & stored_names(function, assigned=False):
        raise Bail  # (a declared name bound by a def, class, import or handler: not followed)
    outer = {name: module_env for name in globals_}
    for name in nonlocals:
        outer[name] = enclosing(env.parent, name, module_env)
    env.outer = outer


def enclosing(env, name: str, module_env):
    """The nearest enclosing function scope that holds `name` as its own (nonlocal's target)."""
    current = env
    while current is not None and current is not module_env:
        target = (current.outer or {}).get(name)
        if target is not None:
            if target is module_env:
                current = current.parent  # (declared global there: not a local of that scope)
                continue
            return target
        if name in current.bound:
            return current
        current = current.parent
    raise Bail  # (a SyntaxError in Python: no binding for the nonlocal name)


def home(env, name: str):
    """The scope a store of `name` made in `env` goes to."""
    return env.outer.get(name, env) if env.outer else env

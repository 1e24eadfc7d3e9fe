"""A command-line parser a helper builds and its one caller extends (issue 13): shared "utils"
code writes `def base_parser(description): p = argparse.ArgumentParser(...); p.add_argument(...);
return p`, and each script's `def get_parser(): p = base_parser(__doc__); p.add_argument(...);
return p`, parsed as `get_parser().parse_args(list(argv))`.

The helper's parser is followed as cli_args.py follows one function's (its statements there), and
then in the one function that calls the helper: bound there once at its top level, configured by
unconditional statements right after, and otherwise only returned or parsed after its last
option. The helper must be called by that statement alone, so every parser it makes gets both
sets of options."""
from __future__ import annotations

import ast

from codemods.analysis.nodes import iter_with_scopes


def extension(interp, builder: ast.FunctionDef, configure: tuple[str, ...], parse: tuple[str, ...]):
    """(configuring calls, their function's scopes, returned) of the one caller extending the
    parser `builder` returns, or None when that is not plain; () when nothing calls it."""
    calls = [(node, scopes) for node, scopes in iter_with_scopes(interp.scope.tree)
             if type(node) is ast.Call and type(node.func) is ast.Name and node.func.id == builder.name]
    if interp.scope.references(builder.name) != len(calls) or len(calls) != 1 \
            or not interp.scope.globals.unique_function(builder.name) is builder:
        return None
    call, scopes = calls[0]
    if not scopes:
        return None
    owner = scopes[-1]
    statement = next((stmt for stmt in owner.body if type(stmt) is ast.Assign and stmt.value is call), None)
    if statement is None or len(statement.targets) != 1 or type(statement.targets[0]) is not ast.Name:
        return None
    name = statement.targets[0].id
    configuring, allowed, last, returned = configuring_statements(owner.body, owner.body.index(statement), configure)
    parsed = {id(node.func.value) for node in ast.walk(owner) if type(node) is ast.Call
              and type(node.func) is ast.Attribute and node.func.attr in parse}
    for found in ast.walk(owner):
        if type(found) is ast.Name and found.id == name and id(found) not in allowed \
                and (id(found) not in returned and id(found) not in parsed or found.lineno <= last):
            return None  # bound again, passed on, configured elsewhere, or parsed before its options
    inner = [scope for scope in ast.walk(owner) if scope is not owner
             and isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef))]
    if any(type(found) is ast.Name and found.id == name for scope in inner for found in ast.walk(scope)):
        return None
    return configuring, scopes, bool(returned)


def configuring_statements(body: list[ast.stmt], start: int, configure) -> tuple[list[ast.Call], set[int], int, set[int]]:
    """After `name = <parser>` at `body[start]`: the statements `name.<configure>(...)` that follow
    (the calls), the ids of the reads of `name` they and the binding make, the last line of them,
    and the ids of the `return name` reads."""
    name = body[start].targets[0].id
    configuring: list[ast.Call] = []
    allowed = {id(body[start].targets[0])}
    last = body[start].end_lineno
    for stmt in body[start + 1:]:
        call = stmt.value if type(stmt) is ast.Expr else None
        if type(call) is ast.Call and type(call.func) is ast.Attribute and call.func.attr in configure \
                and type(call.func.value) is ast.Name and call.func.value.id == name:
            configuring.append(call)
            allowed.add(id(call.func.value))
            last = stmt.end_lineno
    returned = {id(stmt.value) for stmt in body[start + 1:] if type(stmt) is ast.Return
                and type(stmt.value) is ast.Name and stmt.value.id == name}
    return configuring, allowed, last, returned

"""The str arguments of a decorator, left out of state_runs._overridden's reading.

That guard doubts a stop when one call of a function took a str default and another passed
another str (a config text read two ways). A decorator factory's keyword in the definition's own
`@...` line (`@fixture(scope="session")` beside a bare `@fixture`) is no such choice: each `def` is
decorated once, the same way by every run that defines it, and the strings only file the
function. Calls the decorator's functions make themselves are still recorded.
"""
from __future__ import annotations

import ast


def decorated(run, node: ast.AST, env, value: object) -> object:
    """`value` with the decorators of `node` applied (innermost first), as Python does."""
    for decorator in reversed(node.decorator_list):
        before = set(run.given), set(run.defaulted)
        made = run.eval(decorator, env)
        direct = {_node_id(made)}
        if type(decorator) is ast.Call and _plain(decorator.func):
            direct.add(_node_id(run.eval(decorator.func, env)))  # (a name or a dotted name: read twice alike)
        value = run.call(made, [value], {})
        run.given = before[0] | {entry for entry in run.given - before[0] if entry[0] not in direct}
        run.defaulted = before[1] | {entry for entry in run.defaulted - before[1] if entry[0] not in direct}
    return value


def _node_id(value: object) -> int | None:
    from codemods.analysis.script_values import UFunc

    return id(value.node) if type(value) is UFunc else None


def _plain(node: ast.expr) -> bool:
    while type(node) is ast.Attribute:
        node = node.value
    return type(node) is ast.Name

"""Options added below the function that parses them (issue 13).

A script's module-level parser often gains an option after the helper that parses it
(`def _parse_args(argv=()): return parser.parse_args(list(argv))`, then, lower,
`parser.add_argument("--smoothing", ...)`). The helper runs when called; when no module-level
statement between the parser and its last option calls anything (a def's decorators, defaults
and annotations included) but the options themselves, nothing can call the helper before every
option exists, so the parse sees them all.
"""
from __future__ import annotations

import ast

_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)


def parsed_after_options(body: list[ast.stmt], start: int, last: int, configuring: list[ast.Call], scopes) -> bool:
    """The parse read from within `scopes` (its enclosing functions) runs after the options."""
    if not scopes or scopes[0] not in body:
        return False  # parsed at the top level, or in a method: the order is the text's
    allowed = {id(call) for call in configuring}
    for statement in body[start + 1:]:
        if statement.lineno > last:
            break
        if _may_call(statement, allowed):
            return False
    return True


def _may_call(statement: ast.stmt, allowed: set[int]) -> bool:
    stack: list[ast.AST] = [statement]
    while stack:
        node = stack.pop()
        if type(node) is ast.Call and id(node) not in allowed:
            return True
        if isinstance(node, _DEFS):
            arguments = node.args
            stack += node.decorator_list + arguments.defaults + [d for d in arguments.kw_defaults if d is not None]
            stack += [arg.annotation for arg in arguments.posonlyargs + arguments.args + arguments.kwonlyargs
                      + [a for a in (arguments.vararg, arguments.kwarg) if a is not None] if arg.annotation is not None]
            if node.returns is not None:
                stack.append(node.returns)
            continue  # the body runs when called
        stack += list(ast.iter_child_nodes(node))
    return False

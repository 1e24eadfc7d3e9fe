"""Which computed expressions are certainly one str (symbols.py; issue 13).

A name bound once to code the analysis cannot run is a symbol (symbols.py); whether it is
certainly a str decides whether a collective given it is given one axis name. Besides
`os.environ.get(k, "dp")`, the value is a str whatever the environment or command line holds
when it is:
- `os.environ[k]`, or `os.environ.get(k)` / `os.getenv(k)` (a str or None) followed by
  `or` a str: `ENV or "data"` is the environment's text when it is not empty, else the str;
- a str method that returns a str (`.strip()`, `.lower()`, `.replace(a, b)`, ...) called on a
  str; `sep.join(...)` of a literal separator (join returns a str or raises); an f-string;
- `a if test else b` of two strs;
- a name bound once (by a statement that runs exactly once, symbols._once) to such an
  expression, `AXIS = ENV.strip()` below `ENV = os.environ.get("AXIS", "data")`.
Only the type is known: the value is a new symbol, equal to no other name unless JAX's own
checks prove it (symbol_proofs.py): `ENV.lower()` may equal any axis name, literals included.
"""
from __future__ import annotations

import ast
from typing import Callable

_ENVIRON = ("os.environ.get", "os.getenv")
# str methods whose result is a str whatever the str they are called on.
_STR_RESULTS = frozenset({
    "strip", "lstrip", "rstrip", "lower", "upper", "casefold", "title", "capitalize", "swapcase",
    "replace", "removeprefix", "removesuffix", "zfill", "center", "ljust", "rjust", "format", "expandtabs",
})
_MAX_DEPTH = 8


def text_kind(node: ast.expr, resolve: Callable[[ast.expr], str | None],
              name_kind: Callable[[ast.expr, int], str | None], depth: int = 0) -> str | None:
    """'str' when `node` is certainly a str, 'optstr' when it is a str or None, else None.
    `resolve` gives an expression's imported name; `name_kind(node, depth)` the kind of a name
    or attribute read (the value a name bound once holds, an argparse option; None: unknown)."""
    if depth > _MAX_DEPTH:
        return None
    kind = type(node)
    if kind is ast.Constant:
        return "str" if isinstance(node.value, str) else "optstr" if node.value is None else None
    if kind is ast.JoinedStr:
        return "str"
    if kind in (ast.Name, ast.Attribute):
        return name_kind(node, depth + 1)
    if kind is ast.Subscript:
        return "str" if resolve(node.value) == "os.environ" else None
    if kind is ast.BoolOp and type(node.op) is ast.Or:
        kinds = [text_kind(value, resolve, name_kind, depth + 1) for value in node.values]
        return "str" if kinds[-1] == "str" and all(found in ("str", "optstr") for found in kinds) else None
    if kind is ast.IfExp:
        kinds = {text_kind(value, resolve, name_kind, depth + 1) for value in (node.body, node.orelse)}
        return kinds.pop() if len(kinds) == 1 else "optstr" if kinds == {"str", "optstr"} else None
    if kind is not ast.Call or any(type(arg) is ast.Starred for arg in node.args) \
            or any(keyword.arg is None for keyword in node.keywords):
        return None
    if resolve(node.func) in _ENVIRON and not node.keywords and 1 <= len(node.args) <= 2:
        if len(node.args) == 1:
            return "optstr"
        default = text_kind(node.args[1], resolve, name_kind, depth + 1)
        return default if default in ("str", "optstr") else None
    if type(node.func) is ast.Attribute:
        method, receiver = node.func.attr, node.func.value
        if method == "join" and len(node.args) == 1 and not node.keywords \
                and type(receiver) is ast.Constant and isinstance(receiver.value, str):
            return "str"
        if method in _STR_RESULTS and text_kind(receiver, resolve, name_kind, depth + 1) == "str":
            return "str"
    return None

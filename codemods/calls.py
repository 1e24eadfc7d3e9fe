"""Where a call's arguments are written, from Python's `ast` positions.

`ast` leaves the parentheses around a positional argument out of its range (`f((x))` gives
`x`), so an edit placed at its end would land inside them. These ranges include them, as a
person reads the argument: a keyword goes before the opening parenthesis and a new argument
after the closing one. Only the text between an argument and its neighbours is scanned
(spaces, comments, line continuations, parentheses and one comma), so the cost is the size of
the call's punctuation, never of the file.
"""
from __future__ import annotations

import ast
from codemods.dataclass_code import dataclass

from codemods.context import FileContext

_SPACE = " \t\f\r\n"


@dataclass(frozen=True)
class Argument:
    """One argument of a call, in source order."""

    node: ast.expr | ast.keyword
    start: int  # offsets in characters, parentheses around a positional value included
    end: int

    @property
    def keyword(self) -> str | None:
        return self.node.arg if isinstance(self.node, ast.keyword) else None

    @property
    def star(self) -> bool:
        """`*args` or `**kwargs`."""
        return isinstance(self.node, ast.Starred) or isinstance(self.node, ast.keyword) and self.node.arg is None

    @property
    def value(self) -> ast.expr:
        return self.node.value if isinstance(self.node, ast.keyword) else self.node


def skip_trivia(source: str, at: int, newlines: bool = True) -> int:
    """The first offset from `at` that is not space, a comment or a line continuation (nor a
    line end, unless `newlines` is False)."""
    size = len(source)
    spaces = _SPACE if newlines else " \t\f"
    while at < size:
        char = source[at]
        if char in spaces:
            at += 1
        elif char == "#":
            while at < size and source[at] not in "\r\n":
                at += 1
        elif newlines and char == "\\" and source.startswith(("\n", "\r"), at + 1):
            at += 1
        else:
            return at
    return at


def arguments(ctx: FileContext, call: ast.Call) -> list[Argument] | None:
    """The arguments of `call` in source order, or None when its text is not laid out as
    expected (nothing is then rewritten)."""
    source = ctx.source
    nodes = sorted([*call.args, *call.keywords], key=lambda n: (n.lineno, n.col_offset))
    at = _open_parenthesis(source, ctx.offsets(call.func)[1])
    if at is None:
        return None
    found: list[Argument] = []
    for node in nodes:
        start, end = ctx.offsets(node)
        begin = skip_trivia(source, at)
        first, opened = begin, 0
        while first < start and source[first] == "(":
            opened += 1
            first = skip_trivia(source, first + 1)
        if first != start:
            return None
        at = end
        for _ in range(opened):
            closing = skip_trivia(source, at)
            if not source.startswith(")", closing):
                return None
            at = closing + 1
        found.append(Argument(node, begin, at))
        comma = skip_trivia(source, at)
        if source.startswith(",", comma):
            at = comma + 1
    return found


def _open_parenthesis(source: str, at: int) -> int | None:
    """The offset just after the `(` that opens the argument list, the callee ending at `at`
    (parentheses around the callee are skipped)."""
    while True:
        at = skip_trivia(source, at)
        if source.startswith(")", at):
            at += 1
        elif source.startswith("(", at):
            return at + 1
        else:
            return None

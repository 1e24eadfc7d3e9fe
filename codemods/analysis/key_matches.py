"""Keys looked up in tables (issue 13): a Keras-like `LayoutMap.__getitem__`

    if key in self._layout_map:
        return self._layout_map[key]
    matches = [k for k in self._layout_map if re.search(k, key)]

finds a layout by the exact path first, then by the patterns its keys are. With the table held
key by key (a dict display, or one item_fills.py replayed) and a constant key, both are what
Python computes:
- `key in table` / `not in` of a str constant and a dict the analysis holds with all its keys;
- `re.search`, `re.match`, `re.fullmatch` of constant strings (no flags): None when nothing
  matches, else a match object, which Python finds true (`re.Match` defines neither `__bool__`
  nor `__len__`) and which is not None; anything else about it stays unknown. A pattern `re`
  rejects raises in the program: unknown here.
The operands are read silently first (names, constants or a field of a name: reading them again
runs nothing), so an undecided test is evaluated as before.
"""
from __future__ import annotations

import ast
import re

from codemods.analysis.values import Const, DictValue, TrueObject, Value

_SEARCHES = {"re.search": re.search, "re.match": re.match, "re.fullmatch": re.fullmatch}


class KeyMatches:
    """Interpreter hook (which supplies eval, eval_silently and the call chain)."""

    def eval_Compare(self, expr: ast.Compare, frame) -> Value:
        if len(expr.ops) == 1 and type(expr.ops[0]) in (ast.In, ast.NotIn) \
                and all(_plain(node) for node in (expr.left, expr.comparators[0])):
            key, table = self.eval_silently(expr.left, frame), self.eval_silently(expr.comparators[0], frame)
            if isinstance(key, Const) and type(key.value) is str and type(table) is DictValue:
                return Const((key.value in table.keys) is (type(expr.ops[0]) is ast.In))
        return super().eval_Compare(expr, frame)

    def call(self, callee, expr, args, keywords, starred, frame) -> Value:
        found = getattr(callee, "name", None)
        if type(found) is str and found in _SEARCHES and type(callee).__name__ == "JaxName" and not keywords \
                and not starred and len(args) == 2 and all(isinstance(value, Const) and type(value.value) is str
                                                           for value, _ in args):
            try:
                matched = _SEARCHES[found](args[0][0].value, args[1][0].value)
            except re.error:
                return super().call(callee, expr, args, keywords, starred, frame)
            return Const(None) if matched is None else TrueObject("re.Match")
        return super().call(callee, expr, args, keywords, starred, frame)


def _plain(node: ast.expr) -> bool:
    return type(node) in (ast.Name, ast.Constant) or type(node) is ast.Attribute and type(node.value) is ast.Name

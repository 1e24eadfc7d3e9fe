"""Values computed from constant text (issue 13): `ast.literal_eval("('data', 'model')")`,
`json.loads('{"axis": "data"}')`, `tomllib.loads(TEXT)`, `f"{PREFIX}_data"` (str methods of
constants, `TEXT.strip().splitlines()`, `",".join(AXES)`: cli_args.str_method).

These are pure functions of their text: the same text gives the same value on every run, and
they run no user code. So where every input is a known constant (a str, a tuple of strs, a
number), the interpreter computes the result itself, with Python's own implementation, and the
value is as certain as a literal written in its place. Anything else (a symbol, an unknown, a
text longer than _MAX_TEXT, a parser that raises) leaves the call to the expression half, which
knows nothing of it: no form here makes an unknown certain.
"""
from __future__ import annotations

import ast
import json

from codemods.analysis.enum_texts import text_unsure
from codemods.analysis.sequence_kinds import LIST, TUPLE
from codemods.analysis.sequences import items_of
from codemods.analysis.values import UNKNOWN, Const, DictValue, JaxName, TupleValue, Value

_MAX_TEXT = 20_000  # longer texts are left unread (the cost of a parse stays small)
_MAX_ITEMS = 256


def _toml(text: str) -> object:
    import tomllib  # imported by the few files that parse TOML (an import costs every run)

    return tomllib.loads(text)


_PARSERS = {
    "ast.literal_eval": ast.literal_eval,
    "json.loads": json.loads,
    "tomllib.loads": _toml,
    "tomli.loads": _toml,
}


def _plain(value: Value) -> object:
    """The Python object a known constant value stands for (a str, a number, a tuple of them)."""
    if isinstance(value, Const) and (value.value is None or type(value.value) in (str, int, float, bool)):
        return value.value
    items = items_of(value) if isinstance(value, (Const, TupleValue)) else None
    if items is None or len(items) > _MAX_ITEMS:
        return NotImplemented
    found = [_plain(item) for item in items]
    return NotImplemented if any(item is NotImplemented for item in found) else tuple(found)


def to_value(obj: object, depth: int = 0) -> Value:
    """A Python object computed from constants, as the value the same literal would be."""
    if obj is None or type(obj) in (str, int, float, bool):
        return Const(obj)
    if depth > 8:
        return UNKNOWN
    if type(obj) in (tuple, list) and len(obj) <= _MAX_ITEMS:
        return TupleValue(tuple(to_value(item, depth + 1) for item in obj), LIST if type(obj) is list else TUPLE)
    if type(obj) is dict and len(obj) <= _MAX_ITEMS and all(type(key) is str for key in obj):
        return DictValue(tuple(obj), tuple(to_value(item, depth + 1) for item in obj.values()))
    return UNKNOWN


def _small(obj: object) -> bool:
    return not isinstance(obj, str) or len(obj) <= _MAX_TEXT


def parsed(name: str, args, keywords, starred) -> Value | None:
    """`ast.literal_eval(text)`, `json.loads(text)`, `tomllib.loads(text)` of a known str."""
    parser = _PARSERS.get(name)
    if parser is None or starred or keywords or len(args) != 1:
        return None
    text = _plain(args[0][0])
    if type(text) is not str or not _small(text):
        return None
    try:
        return to_value(parser(text))
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):  # (TOMLDecodeError is a ValueError)
        return None  # the program raises here: nothing after it runs


def formatted(parts: list[Value], specs: list[object]) -> Value | None:
    """An f-string whose every part is known: its text."""
    pieces = []
    for part, spec in zip(parts, specs):
        obj = _plain(part)
        if obj is NotImplemented or isinstance(obj, tuple) or spec is NotImplemented:
            return None
        try:
            pieces.append(format(obj, spec or ""))
        except (ValueError, TypeError):
            return None
    text = "".join(pieces)
    return Const(text) if _small(text) else None


def joined(interp, expr: ast.JoinedStr, frame) -> Value | None:
    """An f-string whose every part the interpreter knows: its text (None otherwise)."""
    parts, specs = [], []
    for value in expr.values:
        if type(value) is ast.Constant:
            parts.append(Const(value.value))
            specs.append("")
            continue
        if type(value) is not ast.FormattedValue or value.conversion not in (-1, ord("s")):
            return None
        parts.append(interp.eval(value.value, frame))
        spec = interp.eval(value.format_spec, frame) if value.format_spec is not None else Const("")
        if text_unsure(interp, parts[-1]):
            return None  # `f"{MeshAxis.DATA}"` of a `(str, Enum)` member: not "data" (enum_texts.py)
        specs.append(spec.value if isinstance(spec, Const) and type(spec.value) is str else NotImplemented)
    return formatted(parts, specs)


class ConstText:
    """Interpreter hooks (run before the expression half's own handlers)."""

    def call(self, callee, expr, args, keywords, starred, frame):
        if type(callee) is JaxName and callee.name in _PARSERS:
            found = parsed(callee.name, args, keywords, starred)
            if found is not None:
                return found
        return super().call(callee, expr, args, keywords, starred, frame)

"""JSON text the module writes and reads back (issue 13): checkpoint metadata kept as
`json.dumps({...})` and restored by `json.loads(text)` into the layout a body's axes come from.

`json.dumps` of a tree of constants (str keys; lists, tuples, str, numbers, booleans, None) is
that text; `json.loads` of a known text is the tree it parses to: a dict of str keys, a list as
a sequence, constants as they are. Anything else (other keywords, a value JSON cannot write) is
not read here.
"""
from __future__ import annotations

import json

from codemods.analysis.sequence_kinds import LIST
from codemods.analysis.values import Const, DictValue, JaxName, TupleValue, Value

_DUMP_KEYWORDS = frozenset({"sort_keys", "indent"})
_MAX_ITEMS = 256
_NOT_JSON = object()  # a value JSON cannot write


class JsonTexts:
    """Interpreter hook: `json.dumps(...)` / `json.loads(...)` of known values."""

    def call(self, callee, expr, args, keywords, starred, frame) -> Value:
        if isinstance(callee, JaxName) and callee.name in ("json.dumps", "json.loads") \
                and (value := json_value(callee.name, args, keywords, starred)) is not None:
            return value
        return super().call(callee, expr, args, keywords, starred, frame)


def json_value(name: str, args, keywords, starred) -> Value | None:
    if starred or len(args) != 1:
        return None
    if name == "json.dumps":
        options = {key: value for key, (value, _) in keywords.items()}
        if set(options) - _DUMP_KEYWORDS or not all(isinstance(value, Const) for value in options.values()):
            return None
        tree = _python(args[0][0], 0)
        if tree is _NOT_JSON:
            return None
        try:
            return Const(json.dumps(tree, **{key: value.value for key, value in options.items()}))
        except (TypeError, ValueError):
            return None
    if name == "json.loads" and not keywords and isinstance(args[0][0], Const) and type(args[0][0].value) is str:
        try:
            return _value(json.loads(args[0][0].value), 0)
        except ValueError:  # json.JSONDecodeError: the module's run raises there
            return None
    return None



def _python(value: Value, depth: int) -> object:
    if depth > 16:
        return _NOT_JSON
    if isinstance(value, Const) and (value.value is None or type(value.value) in (str, int, float, bool)):
        return value.value
    if isinstance(value, Const) and isinstance(value.value, tuple):
        items = [_python(Const(item), depth + 1) for item in value.value]
        return _NOT_JSON if any(item is _NOT_JSON for item in items) else items
    if isinstance(value, TupleValue) and len(value.items) <= _MAX_ITEMS:
        items = [_python(item, depth + 1) for item in value.items]
        return _NOT_JSON if any(item is _NOT_JSON for item in items) else items
    if isinstance(value, DictValue) and len(value.keys) <= _MAX_ITEMS:
        items = [_python(item, depth + 1) for item in value.items]
        return _NOT_JSON if any(item is _NOT_JSON for item in items) else dict(zip(value.keys, items))
    return _NOT_JSON


def _value(obj: object, depth: int) -> Value | None:
    if depth > 16:
        return None
    if obj is None or type(obj) in (str, int, float, bool):
        return Const(obj)
    if type(obj) is list and len(obj) <= _MAX_ITEMS:
        items = [_value(item, depth + 1) for item in obj]
        return None if any(item is None for item in items) else TupleValue(tuple(items), LIST)
    if type(obj) is dict and len(obj) <= _MAX_ITEMS:
        items = [_value(item, depth + 1) for item in obj.values()]
        return None if any(item is None for item in items) else DictValue(tuple(obj), tuple(items))
    return None

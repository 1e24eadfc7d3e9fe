"""printf-style formatting (`template % values`) of instances of module classes in a script run
(object_texts.py; issue 13): `"%s-%r" % (axis, axis)`, `"stage%02d" % rank`.

What CPython 3.11's `str.__mod__` asks of an object, by conversion:
- `%s`: `str(obj)`; `%r`: `repr(obj)`; `%a`: `ascii(obj)`, its repr with non-ASCII characters
  escaped (`\\x..`, `\\u....`); each text then padded and cut by the spec's flags, width, precision;
- `%d`, `%i`, `%u`: a number is required (a class defining `__int__`, `__index__` or `__float__`),
  made an int by `__int__`, else `__index__` (a class with `__float__` only: TypeError);
- `%x`, `%X`, `%o`: the int of `__index__` only;
- the int then formatted by the spec as any int.
The class's own methods run (object_texts.py for the texts); a method that hands back anything but
an exact int, floats (`%f`, `%e`, `%g`), `%c`, a mapping key or a `*` width stop the run (Bail).
"""
from __future__ import annotations

import operator

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, UFunc, UObj

_TEXTS = frozenset("sra")
_INTS = frozenset("diu")
_INDEXES = frozenset("xXo")


def percent(run, template: str, right: object, specs: list) -> str:
    """`template % right`; `specs` are the template's conversions (no `%%`), in order."""
    from codemods.analysis.host_exprs import guard, plain_tree
    from codemods.analysis.object_texts import text_repr, text_str
    from codemods.analysis.set_orders import unordered_within

    values = list(right) if type(right) is tuple else [right]
    if len(specs) != len(values) or any(found.group("key") is not None or "*" in (found.group("width") or "")
                                        or "*" in (found.group("precision") or "") for found in specs):
        raise Bail  # (a mapping key, a `*` width, or a count Python rejects)
    pieces, last, given = [], 0, []
    for found, value in zip(specs, values):
        kind = found.group("kind")
        if type(value) is UObj:
            if kind in _TEXTS:
                value = text_str(run, value) if kind == "s" else text_repr(run, value)
                value = value if kind != "a" else value.encode("ascii", "backslashreplace").decode("ascii")
                pieces.append(template[last:found.end() - 1] + "s")  # (the text, padded as the spec asks)
                last = found.end()
            elif kind in _INTS or kind in _INDEXES:
                value = _number(run, value, kind in _INDEXES)
            else:
                raise Bail
        elif not plain_tree(value) or unordered_within(value):
            raise Bail  # (a set of strs: its text changes from run to run, set_orders.py)
        given.append(value)
    pieces.append(template[last:])
    return guard(operator.mod, "".join(pieces), tuple(given))


def _number(run, obj: UObj, index_only: bool) -> int:
    if obj.data is not None or obj.cls.kind != "plain":
        raise Bail  # (a builtin's or a generated method)
    for name in ("__index__",) if index_only else ("__int__", "__index__"):
        found = obj.cls.lookup(name)
        if found is None:
            continue
        if type(found[1]) is not UFunc:
            raise Bail
        value = run.call(Bound(found[1], obj), [], {})
        if type(value) is not int:
            raise Bail  # (TypeError, or a deprecated int subclass: not modelled)
        return value
    raise Bail  # (TypeError in Python, or `__float__` / `__trunc__` only)

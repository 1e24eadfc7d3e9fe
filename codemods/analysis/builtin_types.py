"""`isinstance(v, dict)` on a Python value the analysis holds: how recursive config builders
(`to_node(v) if isinstance(v, dict) else v`) tell a nested table from a leaf.

Only answers that hold for every object the value may be: a string, number, bool, None or bytes
constant is exactly its Python type; a dict display, `dict(...)` copy, in_specs dict or pytree
result (DictValue, not a config class of attr_dicts.py) is a dict or a subclass of dict (a dict
spec accepts only dict nodes), never a str, number, tuple or list. A sequence is answered only
where the analysis kept whether it is a list or a tuple (sequence_kinds.py). A def's
function or a class of the module is told from a class (`isinstance(obj, type)`).
"""
from __future__ import annotations

from codemods.analysis.sequence_kinds import LIST, payload_kind
from codemods.analysis.values import ClassValue, Const, DictValue, Function, JaxName, TupleValue, Value

_BUILTIN_TYPES = {
    "builtins.dict": dict, "builtins.str": str, "builtins.int": int, "builtins.float": float,
    "builtins.bool": bool, "builtins.bytes": bytes, "builtins.tuple": tuple, "builtins.list": list,
    "builtins.set": set, "builtins.frozenset": frozenset, "builtins.complex": complex, "builtins.type": type,
}
_EXACT = (str, int, float, bool, bytes, type(None), complex)


def builtin_instance_test(value: Value, classes: Value) -> Const | None:
    """Const(True/False) when `isinstance(value, classes)` with builtin types is decided."""
    targets = classes.items if isinstance(classes, TupleValue) else (classes,)
    if not targets or not all(isinstance(item, JaxName) and item.name in _BUILTIN_TYPES for item in targets):
        return None
    types = tuple(_BUILTIN_TYPES[item.name] for item in targets)
    if isinstance(value, Const) and type(value.value) in _EXACT:
        return Const(isinstance(value.value, types))
    kind = value.kind if type(value) is TupleValue else payload_kind(value.value) if isinstance(value, Const) else None
    if kind is not None:  # a list or a tuple, of no subclass
        return Const(any(issubclass(list if kind == LIST else tuple, kind_type) for kind_type in types))
    if type(value) is DictValue:
        if dict in types:
            return Const(True)
        return Const(False)  # no dict is a str, a number, a sequence or a set
    if type(value) is Function:
        return Const(False)  # a def's function object is none of these (gin's `isinstance(obj, type)`)
    if type(value) is ClassValue:
        return Const(type in types)  # a class is a `type` (a metaclass derives from it), nothing else here
    return None


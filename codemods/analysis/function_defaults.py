"""A function's `__defaults__` and `__kwdefaults__` set after its def (script_functions.py; issue 13).

A decorator changes what callers get when they leave an argument out (`fn.__defaults__ =
(("data",),)`, `fn.__kwdefaults__ = {"axes": ...}`) and hands the same function back. CPython 3.11
stores what it is given: `__defaults__` a tuple (or None: no defaults) whose items fill the last
positional parameters, `__kwdefaults__` a dict (or None) read by name for the keyword-only ones
(other keys are never read); anything else raises TypeError. The run stores the same where the
value is of that type and the tuple is no longer than the positional parameters (a longer one
fills them in a way not modelled); anything else is left to script_functions.py (None).
"""
from __future__ import annotations


def set_defaults(func, name: str, value: object) -> bool | None:
    """Store `func.name = value` for the two default slots; True when stored, None otherwise."""
    spec = func.node.args
    if name == "__defaults__" and (value is None or type(value) is tuple) \
            and len(value or ()) <= len(spec.posonlyargs) + len(spec.args):
        func.defaults = list(value or ())
        return True
    if name == "__kwdefaults__" and (value is None or type(value) is dict) and all(type(key) is str for key in value or {}):
        func.kw_defaults = value if value is not None else {}
        return True
    return None

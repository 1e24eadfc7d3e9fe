"""`inspect.getmembers(SomeClass[, predicate])` in a script run (script_run.py; issue 13).

A settings base class finds its validators by walking its own class: `[m for _, m in
inspect.getmembers(type(self)) if hasattr(m, "_validator")]`. For a class, inspect reads every
name `dir(cls)` lists (class_dirs.py: the module's names and what every plain class gets from
`object`), each through `getattr(cls, name)` (a classmethod comes back bound, a member `object`
gives back as the builtin object it is), falling back to the raw value in a class `__dict__`
of the MRO when that read raises AttributeError, and keeps the pairs the predicate accepts,
sorted by name. The DynamicClassAttribute names it adds from the bases' namespaces come only from
Enum classes and the library decorator, which the run does not make here (class_dir stops first).
"""
from __future__ import annotations

from codemods.analysis.class_dirs import class_dir
from codemods.analysis.host_exprs import Raised
from codemods.analysis.script_values import UClass


def class_members(run, cls: UClass, accepts) -> list:
    """(name, value) pairs of `inspect.getmembers(cls, predicate)`; `accepts(value)` the predicate."""
    found = []
    for name in class_dir(run, [cls], {}):
        try:
            value = run.attribute(cls, name)
        except Raised as raised:
            if not isinstance(raised.error, AttributeError):
                raise
            held = cls.lookup(name)
            if held is None:
                continue
            value = held[1]
        if accepts(value):
            found.append((name, value))
    return found

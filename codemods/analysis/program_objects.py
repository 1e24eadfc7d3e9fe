"""Values of the program's that a library call may call back into (temp_files.py's guard).

NumPy's writers and readers take any object with `__fspath__` as a path (`os.fspath`) and any
with `write` (or `read`, `readline`) as a file, and call those methods: code of the program's
the run does not run when it models the call without them. An object can have such a method
when the program gave it one: an instance of a program class (a dataclass, a NamedTuple, an Enum
member, an exception of its own), a program class itself (`Sink.write` as a staticmethod: NumPy
looks the name up on what it is given), `super()`, a function or partial given attributes, a
bound method, and the namespaces whose attributes the program sets (`argparse.Namespace`,
`types.SimpleNamespace`), and the script's own module object (`import __main__`,
`sys.modules[__name__]`: own_module.py), whose top-level `def write(data)` IS its `write`
attribute (found by adversarial35: `np.save(__main__, x)` calls it). The run's own values (arrays, numbers, str, its models of library
objects) have none the program chose.
"""
from __future__ import annotations

import argparse
import types

from codemods.analysis.script_values import Bound, Member, NTup, PartialObj, SuperObj, UClass, UFunc, UObj

_PROGRAM = (UObj, UClass, UFunc, Bound, PartialObj, SuperObj, NTup, Member, argparse.Namespace,
            types.SimpleNamespace)


def may_call_back(value: object) -> bool:
    """Whether `value` may have a method of the program's that a library calls on it."""
    kind = type(value)
    if kind.__name__ == "ModuleObj":
        from codemods.analysis.own_module import ModuleObj  # (here: own_module imports temp_files, which imports this)

        if kind is ModuleObj:
            return True
    if kind in _PROGRAM or kind.__name__ == "Desc" or isinstance(value, BaseException):
        return True
    try:
        owner = object.__getattribute__(value, "cls")
    except AttributeError:
        return False
    return type(owner) is UClass  # (a `(str, Enum)` or IntEnum member of the program's: a str or int that knows its class)

"""`isinstance(x, np.integer)` in a script run (script_run.py; issue 13).

Library code checks its integer arguments against both kinds of integer it accepts:
`if not isinstance(ddof, (int, np.integer)): raise TypeError(...)`. NumPy's scalar classes
(`np.integer`, `np.floating`, `np.number`, `np.generic`, `np.int64`, ...) derive from none of
Python's own types, and none of Python's values (an int, a float, a bool, a str, None, a list, a
tuple, a dict, a set) is an instance of them (checked with NumPy 2: `isinstance(3, np.integer)`
and `isinstance(True, np.bool_)` are False; a NumPy float64 is a Python float, not the other way
round; `np.bool` is left out: NumPy 1 before 1.24 had it as Python's own bool). So for such a
value the answer is False; for anything else (an array, a NumPy scalar of
unknown type, a number the run does not know, an object of the module) the run stops, as before.
"""
from __future__ import annotations

from codemods.analysis.script_values import MeshObj, NTup, PartialObj, ShardObj, SpecObj, UObj

_ABSTRACT = ("generic", "number", "integer", "signedinteger", "unsignedinteger", "inexact", "floating",
             "complexfloating", "bool_", "character", "flexible", "str_", "bytes_", "void", "object_",
             "datetime64", "timedelta64")
_SIZED = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "intp", "uintp", "int_",
          "float16", "float32", "float64", "longdouble", "complex64", "complex128", "byte", "ubyte", "short",
          "ushort", "intc", "uintc", "longlong", "ulonglong", "half", "single", "double", "csingle", "cdouble")
NAMES = frozenset(f"numpy.{name}" for name in (*_ABSTRACT, *_SIZED))
_PYTHON = (int, float, bool, complex, str, bytes, list, tuple, dict, set, frozenset, type(None), NTup)


def scalar_instance(obj: object) -> bool | None:
    """isinstance(obj, <a NumPy scalar class>): False for Python's own values, else None."""
    if type(obj) in (MeshObj, SpecObj, ShardObj, PartialObj, UObj):
        return False  # (JAX's objects and the module's instances: no NumPy scalar)
    return False if type(obj) in _PYTHON else None

"""`array == obj` where obj's class sets `__array_ufunc__ = None` (a test helper's `approx`).

NumPy's arrays and scalars answer NotImplemented to a binary operation with such an object, so
Python asks the object's reflected method (`obj.__eq__(array)`); JAX's arrays answer NotImplemented
to any object of a class they do not know. Without the attribute NumPy would instead compare
elementwise against an object array, which stays unknown.
"""
from __future__ import annotations

from codemods.analysis.script_values import Arr, UObj


def defers(side: object, other: object) -> bool:
    """`side` is an array that answers NotImplemented to `other` in `side == other`."""
    if type(side) is not Arr or type(other) is not UObj or other.data is not None or other.cls.kind != "plain":
        return False
    found = other.cls.lookup("__array_ufunc__")
    return found is not None and found[1] is None

"""`array == obj` where obj's class sets `__array_ufunc__ = None` (a test helper's `approx`), and
`number == obj` of a number the run made without knowing it (`float(loss) == approx(...)`).

NumPy's arrays and scalars answer NotImplemented to a binary operation with such an object, so
Python asks the object's reflected method (`obj.__eq__(array)`); JAX's arrays answer NotImplemented
to any object of a class they do not know. Without the attribute NumPy would instead compare
elementwise against an object array, which stays unknown. A Python number answers NotImplemented
to any object of a module class; a NumPy scalar does so only to such an object: both are asked
for the attribute alike.
"""
from __future__ import annotations

from codemods.analysis.script_values import Arr, Opaque, UObj


def defers(run, side: object, other: object) -> bool:
    """`side` is an array or a number that answers NotImplemented to `other` in `side == other`."""
    from codemods.analysis.unknown_numbers import is_number

    if not (type(side) is Arr or type(side) is Opaque and is_number(run, side)):
        return False
    if type(other) is not UObj or other.data is not None or other.cls.kind != "plain":
        return False
    found = other.cls.lookup("__array_ufunc__")
    return found is not None and found[1] is None

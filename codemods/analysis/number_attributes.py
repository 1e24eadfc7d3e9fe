"""Attributes of the unknown values a script run knows to be Python numbers (unknown_numbers.py;
issue 13).

A metrics hook converts what a step hands it: `float(v) if hasattr(v, "shape") and not v.shape
else v`, where `v` is already `float(loss)`. An unknown value is read as having every attribute
(the run cannot tell what it is), so the run took the float for an array and stopped at the
truth of its unknown shape. A value the run noted as a Python number (`float(x)`, `int(x)`, an
array's size, a draw, arithmetic of such: unknown_numbers.py) is an int or a float: it has the
attributes int and float have, and reading any other raises AttributeError (`hasattr` is False,
`getattr` with a default gives the default), as Python does. Any other unknown value may lack any
attribute (a Device from `jax.devices()[0]` has no `shape`): where presence is what the program
asks (`hasattr`, `getattr` with a default), the run stops, unless the run noted names the value
certainly has (a Device's `platform`, `np.iinfo(..)`'s `max`: `with_names`).
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Opaque
from codemods.analysis.unknown_numbers import is_number

_NUMBER_NAMES = frozenset(dir(int)) | frozenset(dir(float)) | frozenset(dir(bool))


def number_attribute(run, value: object, name: str) -> bool:
    """Whether `value.name` is certainly missing: `value` a noted number, `name` no attribute of
    int, float or bool. Raises AttributeError then (as Python); False when nothing is known."""
    if name not in _NUMBER_NAMES and is_number(run, value):
        raise Raised(AttributeError(name))
    if run.__dict__.get("probing", False) and not is_number(run, value) and name not in _names(run, value):
        raise Bail  # (`hasattr(device, "shape")`: present or not, the run cannot tell)
    return False


# What every Device has (jaxlib's Device, on every platform; others come from its `__getattr__`),
# and what NumPy's and JAX's `iinfo` / `finfo` objects have (checked on jax 0.10.2, NumPy 2.4).
DEVICE_NAMES = frozenset({"platform", "id", "device_kind", "process_index", "client", "host_id"})
IINFO_NAMES = frozenset({"bits", "dtype", "kind", "max", "min"})
FINFO_NAMES = frozenset({"bits", "dtype", "eps", "epsneg", "max", "min", "tiny", "resolution", "precision"})


def with_names(run, names: frozenset) -> Opaque:
    """A new unknown value that certainly has the attributes `names` (what they hold is unknown)."""
    made = Opaque()
    run.__dict__.setdefault("_named_unknowns", {})[id(made)] = (made, names)
    return made


def has_names(run, value: object, names: frozenset) -> bool:
    """`value` is an unknown made by `with_names(run, names)` (a device of `jax.devices()`)."""
    return type(value) is Opaque and _names(run, value) == names


def _names(run, value: object) -> frozenset:
    found = run.__dict__.get("_named_unknowns", {}).get(id(value))
    return found[1] if found is not None and found[0] is value else frozenset()


def field(run, value: Opaque, name: str = "") -> Opaque:
    """`value.name` of an unknown value: unknown too (a fresh one where names were noted of it, so
    `info.max` does not pass for the info object, and of a number, whose `imag`, `numerator` or
    methods are not the number with its facts, a drawn interval among them: `u.imag` is 0; its
    `real` is the number itself)."""
    if _names(run, value) or is_number(run, value) and name != "real":
        return Opaque()
    return value

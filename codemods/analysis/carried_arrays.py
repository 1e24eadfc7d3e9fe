"""Objects handed to a function that carry arrays beside their layout (issue 13): a labelled
array `DataArray(grid, ("firm", "quarter"), coords)` built by the caller and handed to the
function that places it, `spec_of(panel.dims)`.

callers.py hands on an object the caller built only when every field means the same in the
callee (callers._portable): an array field stands for a value of the caller's frame only, so
such an object was not handed on at all, and its names (`dims`) were lost with its arrays. Here
each array in it (at any depth of its fields, tuples and dicts) becomes unknown: what the callee
reads of it is unknown, as it was; what else it reads is the caller's value, which the object
keeps whatever the frame. An object holding a closure over the caller's frame, or anything
else callers._portable refuses beside arrays, is still not handed on; nor is one handed to a
decorated function (`@jax.jit` traces a registered dataclass's fields as leaves, and rejects a
str among them before the body runs). An array dropped here is not the plain unknown but
CARRIED, which callers._portable refuses: the object is not handed on again to a decorated
function from the callee.
"""
from __future__ import annotations

from dataclasses import replace

from codemods.analysis.values import (
    UNKNOWN,
    AxisState,
    DictValue,
    Instance,
    State,
    TupleValue,
    Value,
)

_MAX_DEPTH = 4  # as deep as callers._portable_field follows
CARRIED = AxisState((), State.UNKNOWN, "an array the caller holds")  # unknown, but not UNKNOWN itself


def without_arrays(value: Value, filler: AxisState = UNKNOWN) -> Value | None:
    """`value` with every array in its fields `filler`; None when it has no array to drop or is
    not a built object."""
    if not isinstance(value, Instance) or value.fields is None or value.building:
        return None
    shed = _shed(value, 0, filler)
    return shed if shed is not value else None


def _shed(value: Value, depth: int, filler: AxisState) -> Value:
    if depth > _MAX_DEPTH:
        return value
    if isinstance(value, AxisState):
        return filler
    if isinstance(value, Instance) and value.fields is not None and not value.building and type(value) is Instance:
        fields = tuple((name, _shed(item, depth + 1, filler)) for name, item in value.fields)
        changed = any(new is not old for (_, new), (_, old) in zip(fields, value.fields))
        return replace(value, fields=fields) if changed else value
    if isinstance(value, TupleValue):
        items = tuple(_shed(item, depth + 1, filler) for item in value.items)
        return replace(value, items=items) if any(a is not b for a, b in zip(items, value.items)) else value
    if isinstance(value, DictValue):
        items = tuple(_shed(item, depth + 1, filler) for item in value.items)
        return replace(value, items=items) if any(a is not b for a, b in zip(items, value.items)) else value
    return value

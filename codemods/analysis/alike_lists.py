"""A list of many arrays in one state handed to a joining function (issue 13):
`jnp.stack([jnp.roll(rows, -r, axis=1) for r in range(8)])`, `jnp.concatenate(chunks)`.

The transfer table observed these functions with lists of two and of three arrays
(codemods/transfer/observe.py), so a key spelling eight operands was never seen. The functions
join their operands one way whatever their count (each item is broadcast and cast like the
others, then one concatenation), so a list whose items are all in the same state on every axis
reads as both observed lists of such items: the caller's readings must then agree on one
outcome, or the result stays unknown. Items in different states, items that are not arrays the
analysis knows, or any other function: not read so (their count may matter).
"""
from __future__ import annotations

from codemods.analysis.values import AxisState, TupleValue, Value

# The joining functions of jax.numpy whose list operand the generator tried with 2 and 3 items
# (jnp.block nests lists, linalg.multi_dot multiplies a chain: left out).
_JOINS = frozenset({
    "jax.numpy.stack", "jax.numpy.concatenate", "jax.numpy.concat", "jax.numpy.hstack", "jax.numpy.vstack",
    "jax.numpy.dstack", "jax.numpy.column_stack",
})
_OBSERVED_COUNTS = (2, 3)


def observed_lists(operation, slot: str | None, value: Value) -> list[TupleValue] | None:
    """The observed lists a long list of alike arrays stands for (None: read it as it is)."""
    if operation is None or operation.name not in _JOINS or slot != "L" or not isinstance(value, TupleValue) \
            or len(value.items) <= max(_OBSERVED_COUNTS):
        return None
    first = value.items[0]
    if type(first) is not AxisState or first.mixed or first.unknown \
            or not all(type(item) is AxisState and not item.mixed and item.same_state(first) for item in value.items):
        return None
    return [TupleValue(value.items[:count]) for count in _OBSERVED_COUNTS]

"""Arrays given where an operation takes a traced index (issue 13): `lax.dynamic_slice_in_dim(probs,
lax.axis_index("expert") * n, n, axis=-1)`, `jnp.take(table, ids)`, `jnp.roll(x, shift)`.

The transfer tables observed these operations with a Python int in the index's place, so a call
with an array there is not a case they hold; without this, the result of the usual per-rank slice
(a start computed from `axis_index`) was unknown, and every collective after it silent.

Run on jax 0.10.2 (operand varying / invariant / reduced on `i`; index varying on `i`, invariant
on `i`, a Python int, varying on `j`): an index invariant on an axis gives the result the Python
int gives there (a reduced operand stays reduced through the slices, `take` drops it, as the
tables record); an index varying on an axis makes the result vary there, whatever the operand's
state (a reduced operand too: the result is varying, no error). Only the parameters checked so
are listed: `index_in_dim` and `slice_in_dim` take static ints (an array there raises).
`dynamic_update_slice_in_dim(operand, update, start, axis)` gave what `dynamic_update_slice(operand,
update, (start, 0))` gives in all 36 cases run on jax 0.10.2 (operand and update invariant, varying
or reduced on `i`; start a Python int, invariant, varying on `i` or on `j`): a state, or the same
error.
"""
from __future__ import annotations

from dataclasses import replace

from codemods.analysis import transfer
from codemods.analysis.values import CONSTANT, UNKNOWN, AxisState, Const, State, Static, Value, leaves

V, I, R = State.VARYING, State.INVARIANT, State.REDUCED

# Operation (as the transfer tables name it) -> the parameter that takes a traced index.
_INDEX_PARAMETERS = {
    "jax.lax.dynamic_slice_in_dim": "start_index",
    "jax.lax.dynamic_index_in_dim": "index",
    "jax.lax.dynamic_slice": "start_indices",
    "jax.lax.dynamic_update_slice": "start_indices",
    "jax.lax.dynamic_update_slice_in_dim": "start_index",  # (dynamic_update_slice's outcomes: below)
    "jax.numpy.take": "indices",
    "method:take": "indices",
    "jax.numpy.roll": "shift",
}
_INDEX = Static()  # the Python int the tables observed in the index's place
# Two array operands and a varying start: JAX 0.10.2 then raises inside the call for some operand
# states the joined result does not show (operand varying on "i", update reduced on "i", start
# varying on "j": "pvary cannot accept args which are reduced"), so with a reduced operand there
# only an invariant start is read (it gives what the Python int gives, checked).
_TWO_OPERANDS = frozenset({"jax.lax.dynamic_update_slice", "jax.lax.dynamic_update_slice_in_dim"})


def observed_result(rule, positional: list, operands: list[AxisState], keywords=None, why: str = ""):
    """transfer.observed_result, and for a call with an array as the traced index the result of the
    call with a Python number there, made varying on every axis the index varies on; None where
    not known (the caller then reads the call as before)."""
    indexed = split(rule, positional, keywords or {})
    if indexed is None:
        return transfer.observed_result(rule, positional, operands, keywords, why)
    positional, keywords, indices = indexed
    if rule.operation.name in _TWO_OPERANDS and any(index.has(V) for index in indices) \
            and any(operand.has(R) for operand in operands):
        return None
    kept = [operand for operand in operands if not any(operand is index for index in indices)] or [CONSTANT]
    result = transfer.observed_result(rule, positional, kept, keywords, why)
    if result is None and len(kept) == 1 and all(state in (V, I) for state in (kept[0].rest, *kept[0].states().values())) \
            and not kept[0].mixed:
        result = AxisState(kept[0].named, kept[0].rest, why or kept[0].why)  # (computed per device from one operand)
    return None if result is None else joined(result, indices)


def split(rule, positional: list, keywords: dict):
    """(positional, keywords, index states) with the array given as the operation's traced index
    replaced by a Python number; None when there is none, or when it is not an array varying or
    invariant on every axis (reduced, unreduced, unknown, mixed: not checked). `keywords` are
    (value, node) pairs; `positional` counts a method's receiver."""
    operation = getattr(rule, "operation", None)
    name = _INDEX_PARAMETERS.get(operation.name) if operation is not None else None
    if name is None or name not in operation.params:
        return None
    position = operation.params.index(name)
    if name in keywords:
        value, node = keywords[name]
        replaced = (list(positional), {**keywords, name: (_INDEX, node)})
    elif position < len(positional):
        value = positional[position]
        replaced = (list(positional[:position]) + [_INDEX] + list(positional[position + 1:]), dict(keywords))
    else:
        return None
    states = _index_states(value)
    return None if states is None else (*replaced, states)


def _index_states(value: Value) -> list[AxisState] | None:
    found = []
    for leaf in leaves(value):
        if isinstance(leaf, (Const, Static)):
            continue
        if not isinstance(leaf, AxisState) or leaf.mixed or leaf.rest is not I \
                or any(state not in (V, I) for _, state in leaf.named):
            return None
        found.append(leaf)
    return found or None


def joined(result: Value, indices: list[AxisState]) -> Value:
    """The result of the call with the Python number in the index's place, made varying on every
    axis an index varies on (a known result only: an unknown one stays unknown)."""
    if not isinstance(result, AxisState) or result.mixed or result.has(State.UNKNOWN) or result.has(State.UNREDUCED):
        return UNKNOWN
    varying = {axis for index in indices for axis, state in index.named if state is V}
    made = result.with_axes(varying, V)
    return made if made.has(R) else replace(made, gathers=frozenset())


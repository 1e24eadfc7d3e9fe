"""Arrays the same on every device passed where the transfer table saw a Python number
(issue 13): `jnp.quantile(x, jnp.asarray(QUANTILES), axis=0)`, observed as `quantile(x, 2.0)`.

A Python number is a constant, invariant on every axis, inside the trace: an array invariant on
every axis in its place adds no axis to the result's varying axes (JAX's rule for every
operation computed per device), so the call reads as the observed one with a number there. Only
for operands none of which is reduced, unreduced or unknown on some axis: a reduced operand
beside a replicated array is another case, which the table decides.
"""
from __future__ import annotations

from codemods.analysis.transfer_keys import number_kind
from codemods.analysis.values import AxisState, Const, JaxName, State, Static, Value, as_array, leaves


def without_number_slots(rule, args, keywords) -> list[AxisState] | None:
    """The array operands of the call (`args` positional, `keywords` by name, each a (value,
    node) pair) other than invariant arrays in number places; None when no such array is
    there or some operand is not plainly varying or invariant."""
    operation = rule.operation
    if operation is None:
        return None
    signature, params = operation.args, operation.params
    placed = [(index, value) for index, (value, _) in enumerate(args)]
    placed += [(params.index(name) if name in params else None, value) for name, (value, _) in keywords.items()]
    kept: list[AxisState] = []
    dropped = False
    for index, value in placed:
        slot = signature[index] if index is not None and index < len(signature) else None
        if slot is not None and number_kind(slot) is not None and _everywhere_invariant(value):
            dropped = True
            continue
        for leaf in leaves(value):
            if isinstance(leaf, (Const, Static, JaxName)):
                continue
            array = as_array(leaf)
            if array is None or array.mixed or any(array.has(state) for state in (State.REDUCED, State.UNREDUCED,
                                                                                  State.UNKNOWN)):
                return None
            kept.append(array)
    return kept if dropped and kept else None


def _everywhere_invariant(value: Value) -> bool:
    return isinstance(value, AxisState) and not value.mixed and value.rest is State.INVARIANT \
        and all(state is State.INVARIANT for _, state in value.named)

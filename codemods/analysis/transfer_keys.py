"""How a call's operands become the transfer table's case keys (codemods.transfer.model): each
operand's label on the reduced axis (its state, or `int` / `float` for a Python number), the
keywords the generator tried, and the array operands' states on the other axes; a Python value
bound where the observed signature takes a shape, an axis or a subscript string.

It exists apart from transfer.py (the rules and the states that result) because spelling a key
is the one place that must agree with how the table's generator labelled its cases: a new kind
of operand or keyword touches only this."""
from __future__ import annotations

from typing import TYPE_CHECKING

from codemods.transfer import model as transfer_model
from codemods.transfer import table as transfer_table
from codemods.analysis.alike_lists import observed_lists
from codemods.analysis.default_arguments import without_defaults
from codemods.analysis.unknown_contexts import every_context
from codemods.analysis.values import AxisState, Const, JaxName, State, Static, StaticNumber, TupleValue, Value, leaves

if TYPE_CHECKING:
    from codemods.analysis.transfer import OperandRule

V, I, R, U = State.VARYING, State.INVARIANT, State.REDUCED, State.UNREDUCED


def case_keys(rule: OperandRule, values: list[Value], keywords: dict[str, Value], axis: str, mesh_axes=None) -> list[str] | None:
    """The transfer table's keys for a call with positional operands `values` and `keywords`, on
    reduced axis `axis` (see codemods.transfer.model): each operand's label (its state there,
    `int` / `float` for a Python number), the keywords (a positional Python value bound to a
    parameter the generator tries as a keyword is spelled as that keyword: `x.sum(0)` is
    `x.sum(axis=0)`), and the array operands' states on the other axes. A position where the
    observed signature has a Python parameter (a shape, an axis, a subscript string) takes a
    Python value, labelled as the generator labelled it. A Python value of unknown kind
    (`x.shape[0]`) is a number of either kind: one key per reading. None when something is not
    known or was never observed."""
    operation = rule.operation
    signature = operation.args if operation is not None else ()
    params = operation.params if operation is not None else ()
    if values and (lists := observed_lists(operation, signature[0] if signature else None, values[0])) is not None:
        keys = [case_keys(rule, [short, *values[1:]], keywords, axis, mesh_axes) for short in lists]  # (alike_lists.py)
        return None if None in keys else [key for found in keys for key in found]
    values, named = _bind_positional(params, *without_defaults(operation, list(values), dict(keywords)))  # (default_arguments.py)
    layouts: list[list[str]] = [[]]
    arrays: list[AxisState] = []
    for position, value in enumerate(values):
        slot = signature[position] if position < len(signature) else None
        if _shape_spread(operation, position, values):
            break  # `x.reshape(2, -1)`: NumPy's spelling of `x.reshape((2, -1))`, which was observed
        if slot is not None and slot not in ("A", "L"):
            if not is_python_value(value):
                return None
            kind = number_kind(slot)
            if kind is not None:
                layouts = [layout + [kind] for layout in layouts]
            continue
        if slot is None and position < len(params) and params[position] in transfer_model.KEYWORD_PARAMETERS \
                and is_python_value(value):
            if params[position] in named:
                return None  # Python rejects the call: the parameter is given twice
            named[params[position]] = value
            continue
        for leaf in leaves(value):
            if isinstance(leaf, Const) and isinstance(leaf.value, (int, float)) and not isinstance(leaf.value, bool):
                layouts = [layout + ["int" if isinstance(leaf.value, int) else "float"] for layout in layouts]
            elif isinstance(leaf, Static):
                kinds = (leaf.kind,) if isinstance(leaf, StaticNumber) else ("int", "float")
                layouts = [layout + [kind] for layout in layouts for kind in kinds]
            elif isinstance(leaf, AxisState) and not leaf.mixed and leaf.on(axis) in (V, I, R, U):
                layouts = [layout + [leaf.on(axis).value] for layout in layouts]
                arrays.append(leaf)
            else:
                return None
    suffix = _keyword_suffix(named)
    context = _other_axes_context(operation, arrays, axis)
    contexts = [context] if context is not None else every_context(arrays, axis, mesh_axes) if mesh_axes else None
    return None if suffix is None or contexts is None else \
        [transfer_table.case_key(layout, suffix, each) for layout in layouts for each in contexts]  # (unknown_contexts.py)


def _bind_positional(params, values: list[Value], keywords: dict[str, Value]) -> tuple[list[Value], dict]:
    """Keywords naming the positional parameters right after the positional operands, moved to
    their places: Python binds `jnp.clip(x, min=lo, max=hi)` as `jnp.clip(x, lo, hi)`, the form
    observed. Parameters the generator tries as keywords stay keywords (how their keys spell them)."""
    while values and len(values) < len(params) and params[len(values)] in keywords \
            and params[len(values)] not in transfer_model.KEYWORD_PARAMETERS:
        values.append(keywords.pop(params[len(values)]))
    return values, keywords


def _keyword_suffix(keywords: dict[str, Value]) -> str | None:
    """`|axis=(0, 1)|keepdims=True` for keywords the generator tries, with Python literal values
    (a dtype by its name); "" for none; None for anything else."""
    labels = {}
    for name, value in keywords.items():
        label = _keyword_label(name, value)
        if name not in transfer_model.KEYWORD_PARAMETERS or label is None:
            return None
        if label != transfer_model.KEYWORD_DEFAULTS.get(name):  # `approximate=True` is gelu's own call
            labels[name] = label
    return transfer_model.keyword_suffix(labels)


def _keyword_label(name: str, value: Value) -> str | None:
    if isinstance(value, Const) and (value.value is None or type(value.value) in (int, bool)):
        return transfer_model.value_label(value.value)
    if isinstance(value, Const) and isinstance(value.value, tuple) and all(type(item) is int for item in value.value):
        return transfer_model.value_label(value.value)
    if isinstance(value, TupleValue) and all(isinstance(item, Const) and type(item.value) is int for item in value.items):
        return transfer_model.value_label(tuple(item.value for item in value.items))
    if isinstance(value, JaxName) and name in _DTYPE_PARAMETERS:
        # jnp.float32 and np.float32 name the same dtype.
        module, _, dtype = value.name.rpartition(".")
        if module in ("jax.numpy", "numpy") and dtype in _DTYPE_NAMES:
            return dtype
    return None


# Dtype names a keyword may spell (`dtype=jnp.float32`); a key holds only those the generator tried.
_DTYPE_PARAMETERS = frozenset({"dtype", "preferred_element_type"})


_DTYPE_NAMES = frozenset({"float16", "bfloat16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8",
                          "uint32", "bool_", "complex64"})


def _other_axes_context(operation, arrays: list[AxisState], axis: str) -> str | None:
    """The `@` part of a key: the array operands' states on every other mesh axis (a column per
    axis on which some operand is not invariant). "" when the operation was seen never to depend
    on them and every state there is one it was seen so in; None when a state there is unknown, or
    when operands leave axes unnamed in a state other than invariant (how many axes that is, the
    table cannot tell) and the operation was not seen independent of it."""
    others = sorted({other for array in arrays for other, _ in array.named if other != axis})
    columns = [[array.on(other).value for array in arrays] for other in others]
    rest = [array.rest.value for array in arrays]
    seen = {state for column in columns + [rest] for state in column}
    if operation is not None and seen <= operation.irrelevant_states:
        return ""
    if any(state != I.value for state in rest):
        return None
    return transfer_model.context_suffix(columns)


def _shape_spread(operation, position: int, values: list[Value]) -> bool:
    """A method whose last observed argument is a shape tuple, given that shape as separate
    Python numbers from `position` on (NumPy's `reshape` method accepts both spellings; of the
    tables' methods only `reshape` was observed with a shape tuple)."""
    return len(values) > len(operation.args if operation is not None else ()) and takes_shape_from(operation, position) \
        and all(isinstance(value, (Const, Static)) for value in values[position:])


def takes_shape_from(operation, position: int) -> bool:
    """The method's arguments from `position` on are the numbers of its shape (`x.reshape(-1, *s)`)."""
    signature = operation.args if operation is not None else ()
    return operation is not None and operation.name.startswith("method:") and bool(signature) \
        and position >= len(signature) - 1 and signature[-1].startswith("(")


def is_python_value(value: Value) -> bool:
    return isinstance(value, (Const, Static, JaxName)) or (
        isinstance(value, TupleValue) and all(isinstance(leaf, (Const, Static)) for leaf in leaves(value)))


def number_kind(slot: str) -> str | None:
    """`int` / `float` for a signature slot that is a Python number (as the generator wrote it)."""
    for kind, convert in (("int", int), ("float", float)):
        try:
            convert(slot)
        except ValueError:
            continue
        return kind
    return None

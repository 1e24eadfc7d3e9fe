"""Tuples, lists and their items through the interpreter: literals (with `*` unpacking), indexing
and slicing, `+` of two tuples and `tuple(...)` / `list(...)` of a known sequence. Axis names
are often built this way (`AXES = ('data',) + ('model',)`, `(*BATCH_AXES, 'model')`,
`AXES[:1]`); a tuple of constant items stays a tuple of constants, so psum over it knows its axes."""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import ast

from codemods.analysis import transfer
from codemods.analysis.transfer import elementwise
from codemods.analysis.enum_values import MemberTable
from codemods.analysis.lazy_iterators import stale_iterator
from codemods.analysis.slice_makers import may_make_slices
from codemods.analysis.sequence_kinds import LIST, TUPLE, kinded, payload_kind
from codemods.analysis.values import (
    STATIC,
    UNKNOWN,
    AxisState,
    Const,
    DictValue,
    JaxName,
    Static,
    SpecValue,
    spec_entries,
    State,
    TupleValue,
    Value,
    as_array,
    record_tuple,
)

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

R = State.REDUCED


def _surely_no_slice(reader, index: Value) -> bool:
    """An index that cannot be a slice object stepping backwards (slice_makers.py)."""
    if isinstance(index, Const):
        found = index.value
        return not isinstance(found, slice) or found.step is None or type(found.step) is int and found.step > 0
    scope = getattr(reader, "scope", None)
    return scope is not None and not may_make_slices(scope.tree)


def items_of(value: Value) -> list[Value] | None:
    """The items a known sequence yields when unpacked or iterated (None: not known one by one)."""
    value = record_tuple(value)
    if isinstance(value, TupleValue):
        return list(value.items)
    if isinstance(value, Const) and isinstance(value.value, (tuple, str)):
        return [Const(item) for item in value.value]
    if isinstance(value, DictValue):
        return [Const(key) for key in value.keys]
    if isinstance(value, SpecValue):
        return list(value.entries)
    return None


def sequence(items: list[Value], kind: str | None = None) -> Value:
    """A tuple (or list: `kind`, None when not kept) of these items: a constant when every item
    is one (as a literal tuple would be)."""
    if all(isinstance(item, Const) for item in items):
        return Const(kinded((item.value for item in items), kind))
    return TupleValue(tuple(items), kind)


def as_kind(value: Value, kind: str | None) -> Value:
    """`value`, a sequence of known items, as a sequence of `kind` (`a, *rest = AXES`: a list)."""
    if isinstance(value, TupleValue):
        return TupleValue(value.items, kind)
    return Const(kinded(value.value, kind)) if isinstance(value, Const) and isinstance(value.value, tuple) else value


def kind_of(value: Value) -> str | None:
    """LIST or TUPLE where the analysis kept which one a sequence is (sequence_kinds.py)."""
    return value.kind if isinstance(value, TupleValue) else payload_kind(value.value) if isinstance(value, Const) else None


def concatenated(op: str, left: Value, right: Value) -> Value | None:
    """`a + b` of two known tuples, `a * n` / `n * a` of a known tuple (None: not a
    concatenation of known sequences)."""
    if op == "*":
        return _repeated(left, right) or _repeated(right, left)
    if op != "+" or isinstance(left, Const) and isinstance(left.value, str):
        return None
    if not isinstance(left, (Const, TupleValue)) or not isinstance(right, (Const, TupleValue)):
        return None
    first, second = items_of(left), items_of(right)
    if first is None or second is None or isinstance(right, Const) and isinstance(right.value, str):
        return None
    kind = kind_of(left)
    return sequence(first + second, kind if kind == kind_of(right) else None)  # (a list and a tuple: TypeError)


def _repeated(items: Value, times: Value) -> Value | None:
    """`(spec,) * 3`: a TupleValue repeated a known (small) number of times."""
    if not isinstance(items, TupleValue) or not (isinstance(times, Const) and type(times.value) is int) \
            or not 0 <= times.value <= 64:
        return None
    return TupleValue(items.items * times.value, items.kind)


_ITERATORS = frozenset({"builtins.zip", "builtins.enumerate", "builtins.reversed"})  # lazy: read when consumed


def converted(name: str, args, keywords, starred, made=None) -> Value | None:
    """`tuple(x)`, `list(x)`, `reversed(x)`, `sorted(x)` (of constants), `enumerate(x)` and
    `zip(x, y, ...)` of known sequences, as the sequence they yield (None: not such a call).
    `made`: the module and the call, to tell an iterator read later than made (lazy_iterators.py)."""
    if name not in _CONVERSIONS or starred or keywords or not args:
        return None
    if name in _ITERATORS and made is not None and made[1] is not None and stale_iterator(*made):
        return None
    found = [items_of(value) if not isinstance(value, AxisState) else array_rows(value) for value, _ in args]
    if any(items is None for items in found) or (len(found) != 1 and name != "builtins.zip"):
        return None
    if name == "builtins.zip":
        return TupleValue(tuple(sequence(list(row), TUPLE) for row in zip(*found)))
    items = found[0]
    if name == "builtins.enumerate":
        return TupleValue(tuple(sequence([Const(index), item], TUPLE) for index, item in enumerate(items)))
    if name == "builtins.reversed":
        return sequence(items[::-1])  # (an iterator: no kind kept)
    if name == "builtins.sorted":
        if all(isinstance(item, Const) and isinstance(item.value, str) for item in items):
            return sequence(sorted(items, key=lambda item: item.value), LIST)
        keys = [_first_str(item) for item in items]
        if any(key is None for key in keys) or len(set(keys)) != len(keys):
            return None  # `sorted(TABLE.items())`: pairs ordered by their distinct str keys
        return sequence([item for _, item in sorted(zip(keys, items), key=lambda pair: pair[0])], LIST)
    return sequence(items, LIST if name == "builtins.list" else TUPLE if name == "builtins.tuple" else None)


MAX_ROWS = 16  # rows of an array a conversion lists one by one (longer: not known one by one)


def array_rows(value: AxisState) -> list[Value] | None:
    """`list(x)`, `zip(w, x)` of an array: its rows, each in the array's state, when its first
    dimension is known. Only varying and invariant arrays: a row of any other state is not read."""
    shape = value.shape
    if value.mixed or not shape or type(shape[0]) is not int or shape[0] > MAX_ROWS \
            or value.rest not in (State.VARYING, State.INVARIANT) \
            or any(state not in (State.VARYING, State.INVARIANT) for _, state in value.named):
        return None
    return [replace(value, shape=shape[1:])] * shape[0]


def literal_shape(value: Value, depth: int = 0) -> tuple[int, ...] | None:
    """The shape NumPy gives a nested sequence of Python numbers (`np.array([0.1, 0, -0.2])`):
    None unless every level is a known sequence of equal-shaped items or all are numbers."""
    items = items_of(value) if depth < 4 and not (isinstance(value, Const) and isinstance(value.value, str)) else None
    if not items:
        return None
    if all(isinstance(item, Const) and type(item.value) in (int, float) for item in items):
        return (len(items),)
    inner = [literal_shape(item, depth + 1) for item in items]
    if inner[0] is None or any(shape != inner[0] for shape in inner):
        return None
    return (len(items), *inner[0])


def _first_str(item: Value) -> str | None:
    """The str key of a (key, value) pair (None: not such a pair)."""
    first = item.items[0] if isinstance(item, TupleValue) and len(item.items) == 2 else None
    return first.value if isinstance(first, Const) and isinstance(first.value, str) else None


_CONVERSIONS = frozenset({"builtins.tuple", "builtins.list", "builtins.reversed", "builtins.sorted",
                          "builtins.enumerate", "builtins.zip"})


def _index(value: Value) -> object:
    if isinstance(value, Const) and (value.value is None or type(value.value) is int):
        return value.value
    return NotImplemented


class Sequences:
    """The sequence half of the Interpreter's expressions (which supplies eval)."""

    def eval_Tuple(self, expr: ast.Tuple | ast.List, frame: Frame) -> Value:
        items: list[Value] = []
        known = True
        for element in expr.elts:
            if isinstance(element, ast.Starred):
                unpacked = items_of(self.eval(element.value, frame))
                if unpacked is None:
                    known = False
                else:
                    items.extend(unpacked)
                continue
            items.append(self.eval(element, frame))
        if not known:
            return UNKNOWN
        kind = LIST if type(expr) is ast.List else TUPLE
        if not any(isinstance(element, ast.Starred) for element in expr.elts):
            return TupleValue(tuple(items), kind)
        return sequence(items, kind)

    eval_List = eval_Tuple

    def eval_Subscript(self, expr: ast.Subscript, frame: Frame) -> Value:
        value = self.eval(expr.value, frame)
        elements = expr.slice.elts if isinstance(expr.slice, ast.Tuple) else [expr.slice]
        indices: list[Value] = []
        bounds: list[object] = []
        arrays_at: list[Value] = []  # the indices that may be arrays (not the parts of a slice)
        forward = True  # every slice steps forward (a negative step reverses: `rev` drops a reduced state)
        for index in elements:
            if isinstance(index, ast.Slice):
                for part in (index.lower, index.upper, index.step):
                    found = self.eval(part, frame) if part is not None else Const(None)
                    indices.append(found)
                    bounds.append(_index(found))
                forward = forward and (index.step is None or isinstance(found, Const) and type(found.value) is int
                                       and found.value > 0)
            else:
                indices.append(self.eval(index, frame))
                arrays_at.append(indices[-1])
        if isinstance(value, DictValue):
            found = value.get(indices[0].value) if len(indices) == 1 and isinstance(indices[0], Const) else None
            return UNKNOWN if found is None else found
        if isinstance(value, MemberTable):  # `_OPS[op]` of an Enum member (enum_values.py)
            found = value.get(indices[0]) if len(indices) == 1 and not isinstance(expr.slice, ast.Slice) else None
            return UNKNOWN if found is None else found
        sliced = isinstance(expr.slice, ast.Slice)
        value = spec_entries(record_tuple(value))  # `spec[0]`, `spec[1:]` (a tuple) of a PartitionSpec
        if isinstance(value, (TupleValue, Const)) and (items := items_of(value)) is not None:
            if sliced and NotImplemented not in bounds and bounds[2] != 0:  # a step of 0 raises
                if isinstance(value, Const):  # a slice keeps the kind (a str's is a str)
                    part = value.value[slice(*bounds)]
                    return Const(kinded(part, payload_kind(value.value)) if isinstance(part, tuple) else part)
                return TupleValue(tuple(items[slice(*bounds)]), value.kind)
            if len(indices) == 1 and not sliced and isinstance(indices[0], Const) \
                    and type(indices[0].value) is int and -len(items) <= indices[0].value < len(items):
                return items[indices[0].value]
            return UNKNOWN if isinstance(value, TupleValue) else STATIC
        if isinstance(value, AxisState):
            if value.mixed:
                return UNKNOWN  # maybe an item of a tuple result
            # a slice's bounds are Python integers (JAX takes no traced bound): they never mix in
            if all(isinstance(index, (Const, Static)) for index in arrays_at):
                if value.has(R) and not all(_surely_no_slice(self, index) for index in arrays_at):
                    return UNKNOWN  # a name may hold a slice object that steps backwards (`rev`)
                if value.has(R) and not forward:  # `rev`, as `jnp.flip` (the table's rule)
                    flipped = transfer.elementwise_rule("jax.numpy.flip", self.judge.target)
                    return transfer.observed_result(flipped, [value], [value], why=value.why) or UNKNOWN
                if value.has(R) and not transfer.keeps_through(
                        transfer.operator_rule("x[...]", self.judge.target), [value], [value]):
                    return UNKNOWN
                return value  # indexing with Python values keeps the varying and invariant states
            arrays = [as_array(index) for index in arrays_at]
            if any(array is None for array in arrays):
                return UNKNOWN
            return elementwise([value] + arrays, keeps_reduced=False, why=value.why)
        if isinstance(value, (Const, Static)):
            return STATIC
        return UNKNOWN

    def consumed_map(self, expr: ast.Call, frame: Frame) -> Value | None:
        """`list(map(f, xs))` / `tuple(map(f, xs))` of a known sequence of arrays: f on each item,
        as `jax.tree.map(f, xs)` runs it (pytrees.py). A bare `map(...)` is lazy (f may never
        run), so only a map consumed at once is followed (None: not such a call)."""
        if len(expr.args) != 1 or expr.keywords or type(expr.args[0]) is not ast.Call:
            return None
        return self.map_items(expr.args[0], frame)

    def map_items(self, inner: ast.Call, frame: Frame) -> Value | None:
        """The items `map(f, xs)` yields when walked to its end (None: not a call of the builtin
        map with two arguments)."""
        if len(inner.args) != 2 or inner.keywords or any(type(arg) is ast.Starred for arg in inner.args):
            return None
        mapper = self.eval(inner.func, frame)
        if not (isinstance(mapper, JaxName) and mapper.name == "builtins.map"):
            return None
        func = self.eval(inner.args[0], frame)
        items = items_of(self.eval(inner.args[1], frame))
        if items is None or not items or not all(isinstance(item, AxisState) for item in items):
            return UNKNOWN  # its arguments were evaluated: not again
        mapped = self.tree_map([(func, inner.args[0]), (TupleValue(tuple(items)), inner.args[1])], frame, inner)
        return mapped if isinstance(mapped, TupleValue) and len(mapped.items) == len(items) else UNKNOWN

"""The values the analysis follows through a shard_map body, and how two of them join.

Every array inside `jax.shard_map` is, per mesh axis, varying, invariant, reduced or unreduced
(jax-collectives.md). An AxisState says which; the other values (Python constants, tuples,
functions, names reached through imports) carry what the interpreter needs to follow them.
Values are small and immutable.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import field, replace
from codemods.dataclass_code import dataclass
from enum import Enum
from typing import TYPE_CHECKING

import ast

from codemods import jaxapi
from codemods.analysis.axis_notes import noted
from codemods.analysis.nodes import FunctionNode
from codemods.analysis.meshspec import Spec
from codemods.analysis.sequence_kinds import common, same_kinds
from codemods.analysis.shapes import merge

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

class State(str, Enum):
    VARYING = jaxapi.VARYING
    INVARIANT = jaxapi.INVARIANT
    REDUCED = jaxapi.REDUCED
    UNREDUCED = jaxapi.UNREDUCED
    UNKNOWN = "unknown"


V, I, R, U, Q = State.VARYING, State.INVARIANT, State.REDUCED, State.UNREDUCED, State.UNKNOWN


# ---------------------------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class AxisState:
    """The per-axis state of an array (or of every leaf of a pytree sharing one spec).

    `named` lists axes explicitly; every other axis is in state `rest`. `why` says what made the
    value (for messages); `gathers` are the ids of all_gather(to='reduced') calls that made it
    reduced (to find the out_specs a fix must update).
    """

    named: tuple[tuple[str, State], ...] = ()
    rest: State = I
    why: str = field(default="", compare=False)
    gathers: frozenset[int] = field(default=frozenset(), compare=False)
    # A function result computed from operands in different states: if it is really a tuple
    # (jnp.broadcast_arrays, lax.optimization_barrier, ...) its items need not share the state.
    mixed: bool = field(default=False, compare=False)
    # The array's shape where it is certain (shapes.py): a tuple of sizes (None: a size not
    # known); None: not even the rank is known.
    shape: tuple | None = field(default=None, compare=False)

    @staticmethod
    def of(states: dict[str, State], rest: State = I, why: str = "", gathers: frozenset[int] = frozenset()) -> AxisState:
        named = tuple(sorted((axis, state) for axis, state in states.items() if state is not rest))
        return AxisState(named, rest, why, gathers)

    def on(self, axis: str) -> State:
        for name, state in self.named:
            if name == axis:
                return state
        return self.rest

    def states(self) -> dict[str, State]:
        return dict(self.named)

    def with_axes(self, axes: Iterable[str], state: State, why: str | None = None) -> AxisState:
        states = self.states()
        for axis in axes:
            states[axis] = state
        result = AxisState.of(states, self.rest, self.why if why is None else why, self.gathers)
        return replace(result, mixed=True) if self.mixed else result

    def has(self, state: State) -> bool:
        return self.rest is state or any(s is state for _, s in self.named)

    @property
    def unknown(self) -> bool:
        return self.rest is Q and not self.named

    def known_nowhere_varying(self) -> bool:
        """True when the value certainly varies on no axis at all."""
        return not self.has(V) and not self.has(Q)

    def same_state(self, other: AxisState) -> bool:
        return self.named == other.named and self.rest == other.rest


UNKNOWN = AxisState((), Q, "unknown")
CONSTANT = AxisState((), I, "a constant")


def is_array(value: object) -> bool:
    """Whether the value is certainly an array. UNKNOWN (nothing known: it may be None, a string,
    anything) is stored as a state on no axis, so a state that knows neither an axis nor a shape
    says nothing of what the value is (`os.environ.get(...) is None` must stay undecided)."""
    return isinstance(value, AxisState) and (not value.unknown or value.shape is not None)


@dataclass(frozen=True)
class Const:
    """A Python literal: axis names, numbers, None (a tuple payload may keep whether Python
    holds a list or a tuple: sequence_kinds.py, so two payloads of other kinds differ)."""

    value: object

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.value == other.value and same_kinds(self.value, other.value)


# The types of Const values whose truth Python decides from the value alone (`if name:`).
TRUTH_KNOWN = (bool, int, float, str, tuple, type(None))


def truth(value: object) -> bool | None:
    """`bool(value)` where Python decides it from what the analysis holds: a literal of
    TRUTH_KNOWN, or a tuple, list or dict whose items it holds one by one (`stats[-1] if stats
    else norms` after `stats.append(...)`: not empty); a function, bound method or partial
    (none of which defines `__bool__` or `__len__`) is true; None otherwise."""
    if isinstance(value, (Function, Partial, TrueObject)):
        return True
    if isinstance(value, Const) and (type(value.value) in TRUTH_KNOWN or isinstance(value.value, tuple)):
        return bool(value.value)
    if isinstance(value, TupleValue):
        return bool(value.items)
    if isinstance(value, DictValue):
        return bool(value.keys)
    return None


def operand_truth(value: object) -> bool | None:
    """`bool(value)` for an operand of `or`/`and`: any literal (`axis or "i"`), a dict, a tuple or
    list, a function, bound method or partial (`method or type(self).forward`), or a function,
    class or submodule of jax.nn, jax.lax or jax.numpy (`activation or identity` given
    `jax.nn.relu`); None otherwise."""
    if isinstance(value, Const):
        return bool(value.value)
    if isinstance(value, (Function, Partial, TrueObject)):
        return True
    if type(value) is DictValue:
        return bool(value.keys)  # `default_args or {}`: a plain dict holds exactly its keys
    if type(value) is TupleValue:
        return bool(value.items)  # `list(callbacks or [])`: a tuple or list held item by item
    if isinstance(value, JaxName):
        name = value.name
        return True if name.startswith(("jax.nn.", "jax.lax.")) or name.startswith("jax.numpy.") \
            and name.rsplit(".", 1)[-1] not in _NUMPY_CONSTANTS else None
    return None


# Names of jax.numpy that are not functions or classes: the only ones there a test could find false.
_NUMPY_CONSTANTS = frozenset({"newaxis", "pi", "e", "inf", "nan", "euler_gamma", "False_", "True_"})


@dataclass(frozen=True)
class TrueObject:
    """An object Python finds true and that is not None, nothing else known (a `re.Match`: no
    `__bool__` or `__len__`; key_matches.py)."""

    kind: str


@dataclass(frozen=True)
class Static:
    """A Python value that is the same on every device but not a literal (shapes, dtypes, ...)."""


STATIC = Static()


@dataclass(frozen=True)
class StaticNumber(Static):
    """A Python number the run does not know but whose type it does: `float(np.min(y))` is a
    float, an entry of `x.shape` an int (the tables label a number by its type)."""

    kind: str


@dataclass(frozen=True)
class NumberInfo:
    """`jnp.iinfo(jnp.int8)`, `np.finfo(np.float32)`: not a number itself (arithmetic on it is a
    TypeError), but its limits are Python numbers (`.max`, `.eps`), the same on every device."""


NUMBER_INFO = NumberInfo()
NUMBER_INFO_MAKERS = frozenset({"jax.numpy.iinfo", "jax.numpy.finfo", "numpy.iinfo", "numpy.finfo"})
# The fields that are Python numbers (numpy scalars for finfo: a constant all the same); `dtype`
# is a dtype, also the same everywhere.
NUMBER_INFO_FIELDS = frozenset({"min", "max", "bits", "eps", "epsneg", "tiny", "smallest_normal",
                                "smallest_subnormal", "resolution", "precision", "maxexp", "minexp",
                                "machep", "negep", "nexp", "nmant", "iexp", "dtype"})


@dataclass(frozen=True)
class TupleValue:
    items: tuple[Value, ...]
    kind: str | None = None  # "list" or "tuple" where Python's kind is kept (sequence_kinds.py)


@dataclass(frozen=True)
class DictValue:
    """A dict literal with constant string keys (a pytree of named leaves)."""

    keys: tuple[str, ...]
    items: tuple[Value, ...]

    def get(self, key: object) -> Value | None:
        return self.items[self.keys.index(key)] if key in self.keys else None


@dataclass(frozen=True)
class SameLeaves:
    """The list `jax.tree.leaves` gives for a tree whose leaves share one state (one in_specs entry
    for the whole tree, `jax.tree.map` of it): how many is not known, each is `item` (a function
    of arrays given it, `jnp.stack`, sees leaves in that state). Like every reader of such a tree
    here, it takes the tree to hold at least one array."""

    item: AxisState


@dataclass(frozen=True)
class SpecValue:
    """`PartitionSpec(*entries)` written without `reduced=` / `unreduced=`: a pytree leaf that
    iterates as its entries (each None, an axis name or a tuple of them; checked on jax 0.10.2,
    where it is no tuple and equals none)."""

    entries: tuple[Const, ...]


def spec_entries(value: Value) -> Value:
    return TupleValue(value.entries) if isinstance(value, SpecValue) else value


@dataclass(frozen=True)
class JaxName:
    """A module-level object reached through imports, by canonical name (`jax.lax.psum`)."""

    name: str


@dataclass(frozen=True, eq=False)
class Function:
    """A user function (def or lambda) with the frame its free names resolve in."""

    node: FunctionNode
    closure: Frame


@dataclass(frozen=True, eq=False)
class Partial:
    """`functools.partial(func, *args, **keywords)`."""

    func: Value
    args: tuple[Value, ...]
    keywords: tuple[tuple[str, Value], ...]
    arg_nodes: tuple[ast.expr, ...] = ()
    keyword_nodes: tuple[tuple[str, ast.expr], ...] = ()
    func_ref: int = 0  # id of the name `partial(f, ...)` reads f by (partial_refs.py); 0: none


@dataclass(frozen=True, eq=False)
class ClassValue:
    """A module-level class (its class attributes and methods are followed)."""

    cls: ast.ClassDef


@dataclass(frozen=True, eq=False)
class Instance:
    """An object of a module-level class: `self` inside a method of a class no other class of
    the module extends (`fields` None: any instance), or one the code constructs (`fields`: what
    its constructor set, by attribute name). `building`: `self` inside the `__init__` of a
    construction of exactly `cls`, whose fields are not known yet (only its class's are)."""

    cls: ast.ClassDef
    fields: tuple[tuple[str, Value], ...] | None = None
    building: bool = False
    order: tuple[str, ...] | None = field(default=None, kw_only=True)  # of `__dict__`, when known (fluent_setters.py)


Value = AxisState | Const | Static | TupleValue | DictValue | SpecValue | JaxName | Function | Partial | ClassValue | Instance


@dataclass(frozen=True, eq=False)
class RunObject(Instance):
    """`origin` after stores its methods made during one body run (run_fields.py): `marks` holds
    (attr, value, number of the store) for each field stored; the fields stay as built."""

    origin: Instance | None = None
    marks: tuple[tuple[str, Value, int], ...] = ()


def _join_objects(left: Instance, right: Instance) -> Value:
    """Two versions of one object after paths that stored different fields: a field both
    paths left from the same store keeps it, any other stored field is unknown (mark -1)."""
    origins = [value.origin if isinstance(value, RunObject) else value for value in (left, right)]
    if origins[0] is not origins[1]:  # two objects: what their fields agree on, no stored field
        return Instance(left.cls, left.fields, left.building) if same_value(left, right) else UNKNOWN
    ours = {attr: (value, number) for attr, value, number in getattr(left, "marks", ())}
    theirs = {attr: (value, number) for attr, value, number in getattr(right, "marks", ())}
    marks = tuple((attr, *ours[attr]) if attr in theirs and ours.get(attr, (None, -1))[1] == theirs[attr][1] != -1
                  else (attr, UNKNOWN, -1) for attr in sorted(set(ours) | set(theirs)))
    return RunObject(left.cls, left.fields, left.building, origins[0], marks)


def as_array(value: Value) -> AxisState | None:
    """The state a value has as an operand of array arithmetic (None: not an array operand)."""
    if isinstance(value, AxisState):
        return value
    if isinstance(value, (Const, Static, JaxName)):
        return CONSTANT
    return None


def settled(value: Value) -> bool:
    """An object of a module class whose constructor set every field to a constant (or to
    such an object, or to a tuple of those: `mesh_axes: tuple = ("data", "model")`)."""
    return isinstance(value, Instance) and value.fields is not None and not value.building and all(_fixed(item) for _, item in value.fields)


def _fixed(item: Value) -> bool:
    if isinstance(item, TupleValue):
        return all(_fixed(inner) for inner in item.items)
    return isinstance(item, Const) or settled(item) or getattr(item, "fixed_object", False)  # (host_handles.py)


def same_value(left: Value, right: Value, kinds: bool = True) -> bool:
    """`kinds` False: a list and a tuple of the same items count as one (a loop's carry, whose
    pytree structure JAX checks: a run that goes on kept the kind)."""
    if isinstance(left, AxisState) and isinstance(right, AxisState):
        return left.same_state(right)
    if isinstance(left, TupleValue) and isinstance(right, TupleValue):
        return (left.kind == right.kind or not kinds) and len(left.items) == len(right.items) \
            and all(same_value(a, b, kinds) for a, b in zip(left.items, right.items))
    if isinstance(left, DictValue) and isinstance(right, DictValue):
        return left.keys == right.keys and all(map(same_value, left.items, right.items))
    if isinstance(left, Instance) and isinstance(right, Instance):
        if left.cls is not right.cls or (left.fields is None) != (right.fields is None):
            return False
        return left.fields is None or (len(left.fields) == len(right.fields) and all(
            a[0] == b[0] and same_value(a[1], b[1]) for a, b in zip(left.fields, right.fields)))
    if isinstance(left, (Instance, ClassValue)) and isinstance(right, (Instance, ClassValue)):
        return type(left) is type(right) and left.cls is right.cls
    if isinstance(left, (Function, Partial)) or isinstance(right, (Function, Partial)):
        return left is right
    return left == right


def join(left: Value, right: Value) -> Value:
    """The value after an if/else: known only where both branches agree (an array per axis, a
    tuple or dict of the same shape item by item)."""
    if left is right:
        return left
    if isinstance(left, AxisState) and isinstance(right, AxisState):
        joined = _join_states(left, right)
        if getattr(joined, "symbol", None) is not None and getattr(left, "symbol", None) != getattr(right, "symbol", None):
            # one path read one symbol, the other another value (symbols.py): the join is neither
            return AxisState(joined.named, joined.rest, joined.why, joined.gathers, joined.mixed, joined.shape)
        return joined
    if isinstance(left, TupleValue) and isinstance(right, TupleValue) and len(left.items) == len(right.items):
        return TupleValue(tuple(join(a, b) for a, b in zip(left.items, right.items)),
                          left.kind if left.kind == right.kind else None)
    if isinstance(left, Const) and isinstance(right, Const) and isinstance(left.value, tuple) \
            and left.value == right.value:
        return Const(common(left.value, right.value))  # a list on one path, a tuple on the other
    if isinstance(left, DictValue) and isinstance(right, DictValue) and left.keys == right.keys:
        return DictValue(left.keys, tuple(join(a, b) for a, b in zip(left.items, right.items)))
    if isinstance(left, RunObject) and isinstance(right, Instance) or isinstance(right, RunObject) and isinstance(left, Instance):
        return _join_objects(left, right)
    if same_value(left, right):
        return left
    return UNKNOWN


def _join_states(left: AxisState, right: AxisState) -> AxisState:
    """Each axis keeps its state where both sides have the same one; the others become unknown."""
    gathers = left.gathers | right.gathers
    mixed = left.mixed or right.mixed
    if left.same_state(right):
        return replace(left, gathers=gathers, mixed=mixed, shape=merge(left.shape, right.shape))
    axes = {axis for axis, _ in left.named} | {axis for axis, _ in right.named}
    states = {axis: left.on(axis) if left.on(axis) is right.on(axis) else Q for axis in axes}
    rest = left.rest if left.rest is right.rest else Q
    why = left.why if left.why == right.why else "the state every path here leaves it in"
    joined = AxisState.of(states, rest, why, gathers if R in states.values() or rest is R else frozenset())
    return replace(joined, mixed=mixed, shape=merge(left.shape, right.shape)) if not joined.unknown else UNKNOWN


def spec_state(spec: Spec, manual: frozenset[str] | None) -> AxisState:
    """A parameter's state from its in_specs entry: varying on the axes it names, invariant on
    the other manual axes (unknown outside `manual` when axis_names= limits them)."""
    states: dict[str, State] = {axis: V for axis in spec.sharded}
    states.update({axis: R for axis in spec.reduced})
    states.update({axis: U for axis in spec.unreduced})
    if not spec.reduced_literal:
        return UNKNOWN
    rest = I
    if manual is not None:
        rest = Q
        for axis in manual:
            states.setdefault(axis, I)
    return AxisState.of(states, rest, _spec_origin(spec))


def _spec_origin(spec: Spec) -> str:
    if spec.sharded:
        return "in_specs shards it over " + ", ".join(repr(axis) for axis in spec.sharded)
    return "in_specs replicates it"


def describe(value: AxisState, axes: Iterable[str]) -> str:
    """'invariant on 'i'', 'varying on 'data' and invariant on 'model''."""
    groups: dict[State, list[str]] = {}
    for axis in axes:
        groups.setdefault(value.on(axis), []).append(axis)
    parts = [f"{state.value} on {_axes_text(names)}" for state, names in groups.items()]
    return " and ".join(parts)


def _axes_text(axes: list[str] | tuple[str, ...]) -> str:
    return ", ".join(repr(axis) for axis in axes)


def record_tuple(value: Value) -> Value:
    """An object of a `class C(NamedTuple)` whose every field is known, as the tuple it is
    (`tuple(AXES)`, `AXES[0]`, `for a in AXES`, `psum(x, AXES)`); any other value as it is."""
    if isinstance(value, Instance) and value.fields is not None and len(value.fields) == 1 \
            and value.fields[0][0] == "__items__":
        return value.fields[0][1]  # an object of a list or tuple class (sequence_classes.py)
    if not (isinstance(value, Instance) and value.fields is not None and len(value.cls.bases) == 1
            and not value.cls.keywords and _base_name(value.cls.bases[0]) == "NamedTuple"):
        return value
    if any(isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)) and stmt.name in _SEQUENCE_HOOKS
           for stmt in value.cls.body):
        return value
    order = record_fields(value.cls)
    fields = dict(value.fields)
    if sorted(order) != sorted(fields):
        return value
    items = tuple(fields[name] for name in order)
    return Const(tuple(item.value for item in items)) if all(isinstance(item, Const) for item in items) \
        else TupleValue(items)


def record_fields(cls: ast.ClassDef) -> list[str]:
    """The fields of a `class C(NamedTuple)`, in their order."""
    return [stmt.target.id for stmt in cls.body if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)]


_SEQUENCE_HOOKS = frozenset({"__iter__", "__getitem__", "__len__", "__getattribute__"})


def _base_name(expr: ast.expr) -> str:
    return expr.attr if isinstance(expr, ast.Attribute) else expr.id if isinstance(expr, ast.Name) else ""


def axes_of(value: Value | None, symbols: bool = False) -> tuple[str, ...] | None:
    """The axis names a value spells (`'i'`, `('i', 'j')`, a tuple of constants), or None.
    `symbols`: a name read from code the analysis cannot run counts too (symbols.py)."""
    value = record_tuple(value) if value is not None else None
    if isinstance(value, Const):
        if isinstance(value.value, str):
            return noted((value.value,))
        if isinstance(value.value, tuple) and all(isinstance(item, str) for item in value.value):
            return noted(_unique(value.value))
    symbol = getattr(value, "symbol", None) if symbols else None
    if symbol is not None:
        return noted((symbol,))
    if isinstance(value, TupleValue):
        names = []
        for item in value.items:
            symbol = getattr(item, "symbol", None) if symbols else None
            if symbol is not None:
                names.append(symbol)
                continue
            if not (isinstance(item, Const) and isinstance(item.value, str)):
                return None
            names.append(item.value)
        return noted(_unique(tuple(names)))
    return None


def _unique(axes: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(axes))


def leaves(value: Value) -> Iterator[Value]:
    if isinstance(value, (TupleValue, DictValue)):
        for item in value.items:
            yield from leaves(item)
    elif isinstance(value, SameLeaves):
        yield value.item
    else:
        yield value


def join_paths(left: dict[str, Value], right: dict[str, Value], name: str, may_be_unbound: bool) -> Value:
    """A name's value where two paths meet; a path that may leave it unbound raises where it is read."""
    if may_be_unbound and name not in left:
        return right[name]
    if may_be_unbound and name not in right:
        return left[name]
    return join(left.get(name, UNKNOWN), right.get(name, UNKNOWN))


def map_leaves(value: Value, change) -> Value:
    """The pytree `value` with `change` applied to each leaf."""
    if isinstance(value, TupleValue):
        return TupleValue(tuple(map_leaves(item, change) for item in value.items), value.kind)
    if isinstance(value, DictValue):
        return DictValue(value.keys, tuple(map_leaves(item, change) for item in value.items))
    return change(value)


def one_state_leaf(value: Value) -> AxisState | None:
    """For a pytree whose leaves are arrays all in one state: that state (None otherwise)."""
    found = list(leaves(value))
    if not found or not all(isinstance(leaf, AxisState) and not leaf.mixed for leaf in found):
        return None
    if not all(leaf.same_state(found[0]) for leaf in found):
        return None
    return replace(found[0], gathers=frozenset().union(*(leaf.gathers for leaf in found)))


def replicated_partner(others: list[tuple[Value, ast.expr]], axes: tuple[str, ...]) -> tuple[str | None, bool]:
    """(how the first operand replicated on one of `axes` is described, whether some operand's
    state there is not known)."""
    if not others:
        return "the constants it computes with", False
    undecided = False
    for value, node in others:
        if isinstance(value, Const) and isinstance(value.value, (int, float)):
            return f"the constant {value.value!r}", False
        if isinstance(value, Static):
            return "a Python value", False
        if isinstance(value, AxisState) and not value.mixed:
            replicated = [axis for axis in axes if value.on(axis) is I]
            if replicated:
                return f"a value {describe(value, replicated)}", False
            if any(value.on(axis) not in (V, R) for axis in axes):
                undecided = True
        else:
            undecided = True
    return None, undecided

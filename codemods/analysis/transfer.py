"""How operations and collectives transform per-axis states: the one place that says which
operation keeps, drops or rejects a reduced value.

The analysis asks through a narrow API, by canonical name (`jax.lax.psum`, `jax.numpy.tanh`),
method or attribute name, or operator symbol:

- `collective_rule(name) -> Transfer | None`: what a collective needs and gives on its axes;
  `collective_names()` lists every collective known.
- `elementwise_rule(name, target)`, `method_rule(method, target)`, `attribute_rule(attr, target)`,
  `operator_rule(symbol, target)` `-> OperandRule | None`: None when the operation is not computed
  per device from its operands (the result is then unknown). What a rule does with a reduced
  operand comes from the transfer table derived by running the target JAX
  (codemods/transfer): a case the table does not hold is unknown.
- `is_static_attribute(attr)`, `gather_gives(to)`, `cast_accepts(cast, to)`.
- `elementwise`, `collective_result`, `pcast_result`: the states that result.

How a call's operands are spelled as the table's case keys is in transfer_keys.py.

The collective rules and the list of per-device namespaces are written by hand from runs on jax
0.10.2 (jax-collectives.md); nothing outside this module reads them.
"""
from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import replace
from codemods.dataclass_code import dataclass
from functools import cached_property

from codemods.jaxapi import COLLECTIVES, ERR_REDUCED_WITH_REPLICATED, INVARIANT, REDUCED, UNREDUCED, VARYING, Version
from codemods.transfer import model as transfer_model
from codemods.transfer import table as transfer_table
from codemods.analysis.transfer_keys import case_keys, is_python_value
from codemods.analysis.unfollowed_states import UNFOLLOWED
from codemods.analysis.values import CONSTANT, UNKNOWN, AxisState, Const, State, Static, TupleValue, Value

V, I, R, U, Q = State.VARYING, State.INVARIANT, State.REDUCED, State.UNREDUCED, State.UNKNOWN


@dataclass(frozen=True)
class Transfer:
    """What one collective needs of its input on the named axes A, and what it gives on A.

    Axes outside A keep their state (run: psum over 'j' of a value reduced on 'i' stays reduced
    on 'i'; all_gather and ppermute over 'j' likewise).
    """

    # Positional parameter names, as JAX spells them (so keywords resolve too).
    params: tuple[str, ...] = ("x", "axis_name")
    # The state on A afterwards; "to" means: read it from the `to=` keyword (default `default_to`).
    gives: str = INVARIANT
    default_to: str | None = None
    # With jax_auto_pcast on (the default) a non-varying input first goes through pvary, which
    # rejects a value reduced on A: "pvary cannot accept args which are reduced".
    rejects_reduced: bool = True
    # From this JAX version on, a tuple A must find the input in one state on all of A; the name
    # JAX puts in front of ERR_ONE_STATE. None: no known release checks it.
    one_state_since: Version | None = None
    one_state_name: str = ""
    # Adds up the copies along A (psum, psum_scatter): a value cast to varying first is summed
    # axis-size times.
    sums: bool = False
    # psum family: a cast in front of it changes what flows back in the gradient; fixes are unsafe.
    reduction: bool = False
    # pmean divides by the axis size: a value reduced on any axis fails there ("Inputs cannot be
    # replicated on the same axes that another input is reduced on", run).
    divides: bool = False
    # The state a value reduced on an axis outside A keeps through it (False: unknown afterwards).
    keeps_reduced_elsewhere: bool = True


# The one-state check of psum and pmean (and psum_scatter) was run on 0.10.2; the release that
# introduced it is not known, so every target is checked. pmax and pmin make it only at HEAD
# (0.11.1-dev, read); on 0.10.2 they accept mixed states (run).
ONE_STATE_CHECK_PSUM: Version = (0, 0, 0)
ONE_STATE_CHECK_PMAX: Version = (0, 11, 1)

_TRANSFERS: dict[str, Transfer] = {
    "jax.lax.psum": Transfer(
        one_state_since=ONE_STATE_CHECK_PSUM, one_state_name="jax.lax.psum", sums=True, reduction=True
    ),
    # pmean is psum followed by a division: JAX's message names psum.
    "jax.lax.pmean": Transfer(
        one_state_since=ONE_STATE_CHECK_PSUM,
        one_state_name="jax.lax.psum",
        reduction=True,
        divides=True,
        keeps_reduced_elsewhere=False,
    ),
    "jax.lax.pmax": Transfer(one_state_since=ONE_STATE_CHECK_PMAX, one_state_name="jax.lax.pmax", reduction=True),
    "jax.lax.pmin": Transfer(one_state_since=ONE_STATE_CHECK_PMAX, one_state_name="jax.lax.pmin", reduction=True),
    "jax.lax.psum_scatter": Transfer(
        gives=VARYING,
        one_state_since=ONE_STATE_CHECK_PSUM,
        one_state_name="jax.lax.psum_scatter",
        sums=True,
        reduction=True,
    ),
    "jax.lax.all_gather": Transfer(gives="to", default_to=VARYING),
    "jax.lax.ppermute": Transfer(params=("x", "axis_name", "perm"), gives=VARYING),
    "jax.lax.all_to_all": Transfer(params=("x", "axis_name", "split_axis", "concat_axis"), gives=VARYING),
    "jax.lax.pcast": Transfer(gives="to", rejects_reduced=False),
    # Old spellings (removed or private), so code not yet migrated is followed too.
    "jax.lax.pvary": Transfer(gives=VARYING, rejects_reduced=False),
    "jax._src.lax.parallel.preduced": Transfer(gives=REDUCED, rejects_reduced=False),
    "jax._src.lax.parallel.all_gather_reduced": Transfer(gives=REDUCED),
    "jax.lax.all_gather_invariant": Transfer(gives=INVARIANT),
}
_TRANSFERS["jax.lax.preduced"] = _TRANSFERS["jax._src.lax.parallel.preduced"]
_TRANSFERS["jax.lax.all_gather_reduced"] = _TRANSFERS["jax._src.lax.parallel.all_gather_reduced"]

# `to=` values of all_gather and what they give on A (invarying: jax >= 0.10.0).
_ALL_GATHER_TO: dict[str, str] = {"varying": VARYING, "reduced": REDUCED, "invarying": INVARIANT}
# `to=` values of pcast, and the states each accepts on A (run: a cast to the state an axis
# already has fails, "Unsupported pcast from=varying, to='varying'").
_PCAST_FROM: dict[str, frozenset[str]] = {
    VARYING: frozenset({INVARIANT, REDUCED}),
    REDUCED: frozenset({INVARIANT}),
    UNREDUCED: frozenset({VARYING}),
}
# The old casts accept less: pvary rejects reduced values ("pvary cannot accept args which are
# reduced"), preduced takes invariant ones.
_OLD_CAST_FROM: dict[str, frozenset[str]] = {
    "pvary": frozenset({INVARIANT}),
    "preduced": frozenset({INVARIANT}),
}

# jax.lax functions that are not elementwise array functions: collectives, control flow (they call
# user functions), and the axis queries.
_LAX_NOT_ELEMENTWISE = frozenset(
    {
        "axis_index", "axis_size", "pbroadcast", "pshuffle", "psend", "precv", "pswapaxes", "ragged_all_to_all",
        "psum_invariant", "cond", "switch", "scan", "fori_loop", "while_loop", "map", "associative_scan",
        "custom_root", "custom_linear_solve", "platform_dependent", "with_sharding_constraint", "reduce",
    }
    | set(COLLECTIVES)
)
# jax.numpy functions that take functions or reshuffle axes between devices.
_NUMPY_NOT_ELEMENTWISE = frozenset({"vectorize", "piecewise", "frompyfunc", "apply_along_axis", "apply_over_axes"})
# Namespaces whose functions compute per device like jax.numpy: varying if any operand varies.
_ELEMENTWISE_NAMESPACES = ("jax.numpy.", "jax.nn.", "jax.scipy.special.", "jax.random.", "jax.ops.")
# Array methods and attributes that give an array computed per device from the receiver.
_ARRAY_METHODS = frozenset({
    "astype", "reshape", "sum", "mean", "max", "min", "prod", "transpose", "squeeze", "ravel", "flatten",
    "swapaxes", "clip", "conj", "round", "cumsum", "argmax", "argmin", "dot", "std", "var", "all", "any",
    "take", "repeat", "view", "diagonal", "trace", "cumprod", "ptp", "conjugate"})  # (not argsort: unfollowed_states.py)
_ARRAY_ATTRIBUTES = frozenset({"T", "mT", "real", "imag"})
# Attributes that are static metadata (Python values, the same on every device).
_STATIC_ATTRIBUTES = frozenset({"shape", "ndim", "dtype", "size"})

_TREE_MAP = frozenset({"jax.tree.map", "jax.tree_util.tree_map"})
# NumPy's dtype kinds whose arrays JAX computes with as the table's dtypes of that kind (float32,
# int32, bool_); unsigned, complex and bfloat16 ("V") arrays were not run: no kind's outcome.
_TABLE_KINDS = {"f": "float", "i": "int", "b": "bool"}


# ---------------------------------------------------------------------------------------------
# The API
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class OperandRule:
    """What an operation computed per device does with a reduced operand, as the target JAX's
    transfer table recorded it. Operands are described by labels in positional order: the
    state on one axis, or `int` / `float` for a Python number (see codemods.transfer.table)."""

    operation: transfer_table.Operation | None = None

    def state(self, keys: list[str] | None) -> State | None:
        """The one state JAX was seen to give on the reduced axis in these cases (every reading)."""
        found = {transfer_table.state_after(self.operation, key) for key in keys or ()}
        return State(found.pop()) if len(found) == 1 and None not in found else None

    def keeps(self, keys: list[str] | None) -> bool:
        """JAX was seen to give a result reduced on the axis in these cases (every reading)."""
        return bool(keys) and all(transfer_table.keeps_reduced(self.operation, key) for key in keys)

    def raises_replicated(self, keys: list[str] | None) -> bool:
        """JAX was seen to reject the operands, a reduced one beside one replicated on its axis
        (every reading)."""
        return bool(keys) and all(transfer_table.raises(self.operation, key, ERR_REDUCED_WITH_REPLICATED) for key in keys)

    def of_kinds(self, kinds: list[str | None]) -> OperandRule:
        """This rule for array operands of NumPy dtype kinds `kinds` (`x.dtype.kind`; None: not
        known): where all are one kind the table ran (float32, int32, bool), a case JAX answered
        differently per dtype reads that kind's outcome (`jnp.isfinite` of a reduced float array
        stays reduced, of an int one it is a constant); else such a case stays unknown."""
        kind = _TABLE_KINDS.get(kinds[0]) if kinds and len(set(kinds)) == 1 else None
        if self.operation is None or kind is None:
            return self
        found = self._of_kind.get(kind)
        if found is None:  # (one rule per kind: its cached properties read the table once)
            found = self._of_kind[kind] = OperandRule(self.operation.of_kind(kind))
        return found

    @cached_property
    def _of_kind(self) -> dict[str, OperandRule]:
        return {}

    @cached_property
    def one_array(self) -> bool:
        """JAX was seen to give one state for operands varying and invariant on the axis, in
        every such case: the result is one array, not a tuple whose items may differ (those were
        seen as a `mixed` result)."""
        operation, seen = self.operation, False
        for case in operation.cases if operation is not None else ():
            labels = transfer_model.split_key(case)[0].split("|")[0].split(",")
            if V.value in labels and I.value in labels:
                outcome = operation.outcome(case)
                if outcome is None or (outcome.state is None and outcome.error is None):
                    return False
                seen = True
        return seen

    @cached_property
    def rejects_replicated(self) -> bool:
        """Some observed case raised that error (worth looking at the operands' states)."""
        return transfer_table.may_raise(self.operation, ERR_REDUCED_WITH_REPLICATED)


def observed_states(rule: OperandRule | None, positional: list[Value], arrays: list[AxisState],
                    keywords=None) -> dict[str, State] | None:
    """The state the table shows the result in on each axis an array operand is reduced on, for
    these operands (`positional` in order, `keywords` as (value, node) pairs); None when some
    axis is not observed (or JAX raised there)."""
    axes = {axis for array in arrays for axis, state in array.named if state is R}
    if rule is None or not axes or any(array.rest is R for array in arrays):
        return None
    named = {name: value for name, (value, _) in (keywords or {}).items()}
    found = {}
    for axis in axes:
        state = rule.state(case_keys(rule, positional, named, axis))
        if state is None:
            return None
        found[axis] = state
    return found


def keeps_through(rule: OperandRule | None, positional: list[Value], arrays: list[AxisState], keywords=None) -> bool:
    """The table shows the result reduced on every axis an array operand is reduced on, for these
    operands (`positional` in order, `keywords` as (value, node) pairs) in their states there."""
    states = observed_states(rule, positional, arrays, keywords)
    return states is not None and all(state is R for state in states.values())


def through(rule: OperandRule | None, positional: list[Value], operands: list[AxisState], keywords=None,
            why: str = "") -> AxisState:
    """The state of an operation computed per device from `operands`: as the table saw it
    (`observed_result`), else as `elementwise` says."""
    observed = observed_result(rule, positional, operands, keywords, why)
    return observed if observed is not None else elementwise(operands, False, why)


def observed_result(rule: OperandRule | None, positional: list[Value], operands: list[AxisState], keywords=None,
                    why: str = "") -> AxisState | None:
    """The state of the result when the table observed these operands: on the axes an operand is
    reduced on, the state JAX gave there (kept, or dropped to invariant or varying); on the other
    axes varying where some operand varies (the generator checked that JAX agrees, on every array
    of the result). None when not observed."""
    states = observed_states(rule, positional, operands, keywords)
    if states is None or any(state not in (V, I, R) for state in states.values()):
        return None
    axes = {axis for operand in operands for axis, _ in operand.named}
    result = {axis: states[axis] if axis in states else _combine(operand.on(axis) for operand in operands)
              for axis in axes}
    gathers = frozenset().union(*(operand.gathers for operand in operands)) if R in states.values() else frozenset()
    if not why:
        informative = {operand.why for operand in operands if operand.why and operand.why != CONSTANT.why}
        why = informative.pop() if len(informative) == 1 else "computed from values of different origins"
    return AxisState.of(result, _combine(operand.rest for operand in operands), why, gathers)


def observed_one_state(rule: OperandRule | None, positional: list[Value], operands: list[AxisState],
                       keywords=None) -> AxisState | None:
    """The result of operands in different states (none reduced, unreduced or unknown) when the
    table observed them on every axis where they differ: JAX gave one state there (the generator
    records a result whose arrays differ as mixed, never as a state), so every array of the result
    is in it, even for an operation that returns several (jnp.divmod). None when not observed."""
    if rule is None or any(op.has(R) or op.has(U) or op.has(Q) or op.mixed for op in operands) \
            or len({op.rest for op in operands}) != 1:
        return None
    named = {name: value for name, (value, _) in (keywords or {}).items()}
    axes = {axis for operand in operands for axis, _ in operand.named}
    result = {}
    for axis in axes:
        states = {operand.on(axis) for operand in operands}
        found = rule.state(case_keys(rule, positional, named, axis)) if len(states) > 1 else states.pop()
        if found not in (V, I):
            return None
        result[axis] = found
    return AxisState.of(result, operands[0].rest, operands[0].why if len(operands) == 1 else "")


@functools.lru_cache(maxsize=4096)
def _rule(name: str, target: Version) -> OperandRule:
    """The rule of table entry `name` for `target` (cached: the interpreter asks at every node)."""
    table = transfer_table.load(tuple(target))
    return OperandRule(None if table is None else table.operation(name))


def collective_rule(name: str) -> Transfer | None:
    return _TRANSFERS.get(name)


def collective_names() -> frozenset[str]:
    return frozenset(_TRANSFERS)


def is_function(name: str, target: Version | None) -> bool:
    """Whether the canonical `name` is a JAX function: a collective, or an operation the transfer
    table derived on the target JAX called (`callable(jnp.square)`); False where not known."""
    if name in _TRANSFERS:
        return True
    table = transfer_table.load(tuple(target)) if target is not None and name.startswith("jax.") else None
    return table is not None and table.operation(name) is not None


def is_tree_map(name: str) -> bool:
    return name in _TREE_MAP


def elementwise_rule(name: str, target: Version) -> OperandRule | None:
    """The rule of a module function by canonical name; None: not an elementwise array function."""
    if name.startswith("jax.numpy."):
        elementwise = name.rsplit(".", 1)[-1] not in _NUMPY_NOT_ELEMENTWISE
    elif name.startswith("jax.lax."):
        elementwise = name.count(".") == 2 and name.rsplit(".", 1)[-1] not in _LAX_NOT_ELEMENTWISE
    else:  # (not `jax.nn.initializers.`: factories, and `zeros(key, shape)` never reads its key, adversarial30 D3)
        elementwise = name.startswith(_ELEMENTWISE_NAMESPACES) and not name.startswith("jax.nn.initializers.")
    if not elementwise or name in UNFOLLOWED:
        return None
    if name in _LIKE_FUNCTIONS and tuple(target) < _LIKE_FOLLOWS_OPERAND_SINCE:
        return None  # the result's state on such a JAX is not known: unknown, never a guess
    return _rule(name, tuple(target))


# `zeros_like(x)` and its kin of a varying x: invariant on jax 0.6.2, varying like x on 0.8.2 and
# later (run); the release in between that changed it is not known.
_LIKE_FUNCTIONS = frozenset({"jax.numpy.zeros_like", "jax.numpy.ones_like", "jax.numpy.full_like",
                             "jax.numpy.empty_like"})
_LIKE_FOLLOWS_OPERAND_SINCE: Version = (0, 8, 2)


def method_rule(method: str, target: Version) -> OperandRule | None:
    """The rule of an array method: one listed above, or one the target's table observed on
    arrays (`x.diagonal()`, `x.sort()`, `x.copy()`): the generator called it on a jax.Array, so
    the name is an array method computed per device."""
    rule = _rule(f"method:{method}", tuple(target))
    if method not in _ARRAY_METHODS and rule.operation is None or f"jax.numpy.{method}" in UNFOLLOWED:
        return None
    return rule


# Methods whose NumPy spelling with Python arguments is a lax function the table observed:
# `x.transpose(1, 0, 2)` and `x.transpose((1, 0, 2))` are `lax.transpose(x, (1, 0, 2))` (run on
# 0.10.2: both spellings keep the reduced and varying states, as lax.transpose does).
_METHODS_AS_LAX = {"transpose": "jax.lax.transpose"}


def method_as_function(method: str, args: list[Value], target: Version) -> tuple[OperandRule, list[Value]] | None:
    """(rule, Python arguments as the function takes them) of such a method call; else None."""
    name = _METHODS_AS_LAX.get(method)
    if name is None or not args or not all(is_python_value(value) for value in args):
        return None
    return _rule(name, tuple(target)), [Static()]  # the permutation: one Python value


# Functions whose call with a Python permutation is the lax function the table observed:
# `jnp.transpose(x, (1, 0, 2))` is `lax.transpose(x, (1, 0, 2))` (run on 0.10.2: reduced, varying
# and invariant operands keep their states, as lax.transpose's do; without `axes`, the table's own
# reading of `jnp.transpose(x)`).
_FUNCTIONS_AS_LAX = {"jax.numpy.transpose": ("jax.lax.transpose", "axes")}


def function_as_lax(name: str, args: list[Value], kwargs: dict[str, Value], target: Version) -> OperandRule | None:
    """The rule of such a call, whose operand is `args[0]` and whose permutation, given (not None)
    as the second argument or by its keyword, is one Python value; else None."""
    found = _FUNCTIONS_AS_LAX.get(name)
    if found is None or set(kwargs) - {found[1]} or len(args) + len(kwargs) != 2 or not args:
        return None
    given = args[1] if len(args) == 2 else kwargs[found[1]]
    if given is None or not is_python_value(given) or type(given) is Const and given.value is None:
        return None
    return _rule(found[0], tuple(target))


def attribute_rule(attr: str, target: Version) -> OperandRule | None:
    if attr not in _ARRAY_ATTRIBUTES:
        return None
    return _rule(f"attribute:{attr}", tuple(target))


def is_static_attribute(attr: str) -> bool:
    """Metadata of an array (a Python value, the same on every device)."""
    return attr in _STATIC_ATTRIBUTES


_UNARY_NAMES = {"-x": "neg", "+x": "pos", "~x": "invert", "abs(x)": "abs"}


def operator_rule(symbol: str, target: Version) -> OperandRule:
    """Binary operators and comparisons by symbol (`+`, `==`), unary ones as `-x`, `+x`, `~x`;
    `x[...]` is indexing with Python values."""
    if symbol in _UNARY_NAMES:
        return _rule(f"operator:{_UNARY_NAMES[symbol]}", tuple(target))
    if symbol == "x[...]":
        return _rule("operator:getitem", tuple(target))
    name = transfer_table.OPERATOR_NAMES.get(symbol)
    return OperandRule() if name is None else _rule(f"operator:{name}", tuple(target))


def gather_gives(to: str | None) -> str | None:
    """The state all_gather(..., to=`to`) gives on its axes (None: not a known `to`)."""
    return _ALL_GATHER_TO.get(to) if to is not None else None


def cast_accepts(cast: str, to: str) -> frozenset[str] | None:
    """The states `cast` (pcast, pvary, preduced) accepts on its axes when casting to `to`."""
    return _OLD_CAST_FROM.get(cast) or _PCAST_FROM.get(to)


def is_cast_target(to: str) -> bool:
    return to in _PCAST_FROM


# ---------------------------------------------------------------------------------------------
# Resulting states
# ---------------------------------------------------------------------------------------------
def elementwise(operands: list[AxisState], keeps_reduced: bool, why: str = "") -> AxisState:
    """State of an op computed per device from `operands` (arithmetic, jnp functions).

    Varying on an axis if any operand varies there, invariant if all are invariant. A reduced
    (or unreduced) operand keeps its state only through the operations the facts page lists
    (`keeps_reduced`, all operands in the same state); anything else is unknown.
    """
    if not operands:
        return replace(CONSTANT, why=why or CONSTANT.why)
    if any(op.has(R) or op.has(U) for op in operands):
        first = operands[0]
        if keeps_reduced and not first.has(U) and all(op.same_state(first) for op in operands):
            gathers = frozenset().union(*(op.gathers for op in operands))
            return AxisState(first.named, first.rest, first.why, gathers)
        return UNKNOWN
    axes = {axis for op in operands for axis, _ in op.named}
    states = {axis: _combine(op.on(axis) for op in operands) for axis in axes}
    rest = _combine(op.rest for op in operands)
    if not why:
        informative = {op.why for op in operands if op.why and op.why != CONSTANT.why}
        why = informative.pop() if len(informative) == 1 else "computed from values of different origins"
    return AxisState.of(states, rest, why)


def python_sum(items: Value) -> Value:
    """Python's `sum(...)` of arrays (`sum(jnp.sum(g * g) for g in leaves)`): `0 + a + b ...`,
    elementwise additions of every item; unknown unless each item is a number or an array."""
    if not isinstance(items, TupleValue):
        return UNKNOWN
    operands = []
    for item in items.items:
        if isinstance(item, AxisState):
            operands.append(item)
        elif not (isinstance(item, Const) and type(item.value) in (int, float)):
            return UNKNOWN
    return elementwise(operands, keeps_reduced=False) if operands else UNKNOWN


def _combine(states: Iterable[State]) -> State:
    seen = set(states)
    if V in seen:
        return V
    if seen == {I}:
        return I
    return Q


def collective_result(value: AxisState, axes: tuple[str, ...], gives: State, transfer: Transfer, why: str,
                      gather: int | None = None) -> AxisState:
    """State after a collective over `axes` that succeeded: `gives` on the axes, the rest kept."""
    if value.has(U) and not (gives is I and all(value.on(axis) is U for axis in axes)):
        return UNKNOWN
    outside_reduced = any(state is R for axis, state in value.named if axis not in axes) or value.rest is R
    if outside_reduced and not transfer.keeps_reduced_elsewhere:
        return UNKNOWN
    result = value.with_axes(axes, gives, why)
    if gives is R and gather is not None:
        result = replace(result, gathers=result.gathers | {gather})
    elif not result.has(R):
        result = replace(result, gathers=frozenset())
    return result


def pcast_result(value: AxisState, axes: tuple[str, ...], to: State, why: str, cast: str = "pcast") -> AxisState:
    """pcast to `to` on `axes`: JAX needs all of `axes` in one accepted state (else unknown)."""
    accepted = cast_accepts(cast, to.value)
    if accepted is None:
        return UNKNOWN
    states = {value.on(axis) for axis in axes}
    if Q not in states and (len(states) != 1 or not states <= {State(s) for s in accepted}):
        return UNKNOWN  # JAX rejects this cast
    result = value.with_axes(axes, to, why)
    return result if result.has(R) else replace(result, gathers=frozenset())


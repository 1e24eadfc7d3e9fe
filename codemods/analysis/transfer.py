"""How operations and collectives transform per-axis states: the one place that says which
operation keeps, drops or rejects a reduced value.

The analysis asks through a narrow API, by canonical name (`jax.lax.psum`, `jax.numpy.tanh`),
method or attribute name, or operator symbol:

- `collective_rule(name) -> Transfer | None`: what a collective needs and gives on its axes;
  `collective_names()` lists every collective known.
- `elementwise_rule(name)`, `method_rule(method)`, `attribute_rule(attr)`, `operator_rule(symbol)`
  `-> OperandRule | None`: None when the operation is not computed per device from its operands
  (the result is then unknown).
- `is_static_attribute(attr)`, `gather_gives(to)`, `cast_accepts(cast, to)`.
- `elementwise`, `collective_result`, `pcast_result`: the states that result.

The tables behind the API are written by hand from runs on jax 0.10.2 (jax-collectives.md);
nothing outside this module reads them.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from codemods.jaxapi import COLLECTIVES, INVARIANT, REDUCED, UNREDUCED, VARYING, Version
from codemods.analysis.values import CONSTANT, UNKNOWN, AxisState, State

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

# Operations through which a *reduced* value keeps its state unchanged (run on 0.10.2). Anything
# else a reduced value passes through gives "unknown": some fail ("Inputs cannot be replicated on
# the same axes that another input is reduced on": r * 2, jnp.mean, softmax), some silently drop
# the reduced state (jnp.max, r ** 2, @).
_REDUCED_KEEPING_FUNCTIONS = frozenset(
    {"jax.numpy.tanh", "jax.numpy.exp", "jax.numpy.abs", "jax.numpy.sum", "jax.numpy.reshape", "jax.numpy.astype"}
)
_REDUCED_KEEPING_METHODS = frozenset({"astype", "reshape", "sum"})
_REDUCED_KEEPING_ATTRIBUTES = frozenset({"T"})
# Unary minus and slicing keep it too; so do `r + r` and `r * r` on the same reduced axes.
_REDUCED_KEEPING_BINARY = frozenset({"+", "*"})

# Arithmetic that fails when one operand is reduced on an axis and another (a Python number, or
# an array invariant on that axis) is replicated there: ERR_REDUCED_WITH_REPLICATED (run on
# 0.10.2 with a value from all_gather(to='reduced'): r + 1, r - 1.0, r * 2, r / 2, r // 2, r % 2,
# r == 0, r < 0, r > 0, r * c with c invariant on the axis). `r ** 2` drops the state silently.
_REDUCED_REJECTING_BINARY = frozenset({"+", "-", "*", "/", "//", "%", "==", "!=", "<", "<=", ">", ">="})
# Functions that fail on a reduced argument the same way (run: they combine it with constants).
_REDUCED_REJECTING_FUNCTIONS = frozenset({"jax.numpy.mean", "jax.nn.softmax", "jax.nn.gelu"})
_REDUCED_REJECTING_METHODS = frozenset({"mean"})

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
_ELEMENTWISE_NAMESPACES = ("jax.numpy.", "jax.nn.", "jax.scipy.special.", "jax.random.")
# Array methods and attributes that give an array computed per device from the receiver.
_ARRAY_METHODS = frozenset(
    {
        "astype", "reshape", "sum", "mean", "max", "min", "prod", "transpose", "squeeze", "ravel", "flatten",
        "swapaxes", "clip", "conj", "round", "cumsum", "argmax", "argmin", "dot", "std", "var", "all", "any",
        "take", "repeat", "view",
    }
)
_ARRAY_ATTRIBUTES = frozenset({"T", "mT", "real", "imag"})
# Attributes that are static metadata (Python values, the same on every device).
_STATIC_ATTRIBUTES = frozenset({"shape", "ndim", "dtype", "size"})


_TREE_MAP = frozenset({"jax.tree.map", "jax.tree_util.tree_map"})


# ---------------------------------------------------------------------------------------------
# The API
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class OperandRule:
    """What an operation computed per device does with a reduced operand."""

    # Operands reduced, all in the same state (for functions and methods: the only operand):
    # the result keeps that state. Otherwise a reduced operand makes the result unknown.
    keeps_reduced: bool = False
    # A reduced operand beside one replicated on its reduced axes (a Python number, an invariant
    # array, or constants the function adds itself) makes JAX raise.
    rejects_replicated: bool = False


_PLAIN = OperandRule()


def collective_rule(name: str) -> Transfer | None:
    return _TRANSFERS.get(name)


def collective_names() -> frozenset[str]:
    return frozenset(_TRANSFERS)


def is_tree_map(name: str) -> bool:
    return name in _TREE_MAP


def elementwise_rule(name: str) -> OperandRule | None:
    """The rule of a module function by canonical name; None: not an elementwise array function."""
    if name.startswith("jax.numpy."):
        elementwise = name.rsplit(".", 1)[-1] not in _NUMPY_NOT_ELEMENTWISE
    elif name.startswith("jax.lax."):
        elementwise = name.count(".") == 2 and name.rsplit(".", 1)[-1] not in _LAX_NOT_ELEMENTWISE
    else:
        elementwise = name.startswith(_ELEMENTWISE_NAMESPACES)
    if not elementwise:
        return None
    return OperandRule(name in _REDUCED_KEEPING_FUNCTIONS, name in _REDUCED_REJECTING_FUNCTIONS)


def method_rule(method: str) -> OperandRule | None:
    if method not in _ARRAY_METHODS:
        return None
    return OperandRule(method in _REDUCED_KEEPING_METHODS, method in _REDUCED_REJECTING_METHODS)


def attribute_rule(attr: str) -> OperandRule | None:
    if attr not in _ARRAY_ATTRIBUTES:
        return None
    return OperandRule(attr in _REDUCED_KEEPING_ATTRIBUTES)


def is_static_attribute(attr: str) -> bool:
    """Metadata of an array (a Python value, the same on every device)."""
    return attr in _STATIC_ATTRIBUTES


# Unary operators: `-x` and `+x` keep a reduced state; `~x` and `not x` are not followed.
_REDUCED_KEEPING_UNARY = frozenset({"-x", "+x"})


def operator_rule(symbol: str) -> OperandRule:
    """Binary operators and comparisons by symbol (`+`, `==`), unary ones as `-x`, `+x`, `~x`."""
    if symbol in _REDUCED_KEEPING_UNARY:
        return OperandRule(keeps_reduced=True)
    if symbol.endswith("x"):
        return _PLAIN
    return OperandRule(symbol in _REDUCED_KEEPING_BINARY, symbol in _REDUCED_REJECTING_BINARY)


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


"""Per-axis states of the values inside a shard_map body, known without running anything.

Every array inside `jax.shard_map` is, per mesh axis, varying, invariant, reduced or unreduced
(jax-collectives.md). This module follows those states through a body in statement order, with
the transfer rules of jaxapi.TRANSFERS, and reports every collective whose input JAX rejects.

Two promises shape the code:
- **Unknown never produces a finding.** A state is known only when every step that made it is
  one the facts page lists; loops, unknown calls, attributes, parameters without a literal spec
  give "unknown". A problem is reported only when every analysed run of its function agrees and
  every reference to that function was analysed.
- **One problem per value per round.** After a problem the analysis continues as if its fix had
  been applied (the engine re-parses after fixing), so a later use of the same name does not
  report the same value twice, and two fixes never cast one value twice.

Values are small immutable objects (AxisState, Const, Static, TupleValue, Function); the
interpreter keeps one dict of names per function run.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from enum import Enum

import libcst as cst

from codemods import jaxapi
from codemods.analysis.shardmap import (
    NOT_LITERAL,
    FunctionNode,
    MeshInfo,
    ModuleScope,
    ShardMapUse,
    Spec,
    SpecTree,
    find_shard_maps,
    iter_nodes,
    literal_value,
    parse_mesh,
    parse_spec,
    string_value,
)


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


@dataclass(frozen=True)
class Const:
    """A Python literal: axis names, numbers, None."""

    value: object


@dataclass(frozen=True)
class Static:
    """A Python value that is the same on every device but not a literal (shapes, dtypes, ...)."""


STATIC = Static()


@dataclass(frozen=True)
class TupleValue:
    items: tuple[Value, ...]


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
    arg_nodes: tuple[cst.BaseExpression, ...] = ()
    keyword_nodes: tuple[tuple[str, cst.BaseExpression], ...] = ()


Value = AxisState | Const | Static | TupleValue | JaxName | Function | Partial


def as_array(value: Value) -> AxisState | None:
    """The state a value has as an operand of array arithmetic (None: not an array operand)."""
    if isinstance(value, AxisState):
        return value
    if isinstance(value, (Const, Static, JaxName)):
        return CONSTANT
    return None


def same_value(left: Value, right: Value) -> bool:
    if isinstance(left, AxisState) and isinstance(right, AxisState):
        return left.same_state(right)
    if isinstance(left, TupleValue) and isinstance(right, TupleValue):
        return len(left.items) == len(right.items) and all(map(same_value, left.items, right.items))
    if isinstance(left, (Function, Partial)) or isinstance(right, (Function, Partial)):
        return left is right
    return left == right


def join(left: Value, right: Value) -> Value:
    """The value after an if/else: known only when both branches agree."""
    if left is right:
        return left
    if same_value(left, right):
        if isinstance(left, AxisState) and isinstance(right, AxisState):
            return replace(left, gathers=left.gathers | right.gathers)
        if isinstance(left, TupleValue) and isinstance(right, TupleValue):
            return TupleValue(tuple(join(a, b) for a, b in zip(left.items, right.items)))
        return left
    return UNKNOWN


# ---------------------------------------------------------------------------------------------
# Transfer functions (the table lives in jaxapi; these apply it)
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


def collective_result(value: AxisState, axes: tuple[str, ...], gives: State, transfer: jaxapi.Transfer, why: str,
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
    accepted = jaxapi.OLD_CAST_FROM.get(cast) or jaxapi.PCAST_FROM.get(to.value)
    if accepted is None:
        return UNKNOWN
    states = {value.on(axis) for axis in axes}
    if Q not in states and (len(states) != 1 or not states <= {State(s) for s in accepted}):
        return UNKNOWN  # JAX rejects this cast
    result = value.with_axes(axes, to, why)
    return result if result.has(R) else replace(result, gathers=frozenset())


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


# ---------------------------------------------------------------------------------------------
# Problems: what JAX rejects, found at one collective call
# ---------------------------------------------------------------------------------------------
class Kind(str, Enum):
    INVARIANT_INTO_GATHER_REDUCED = "invariant-into-gather-reduced"  # SF101
    REDUCED_INTO_GATHER_REDUCED = "reduced-into-gather-reduced"  # SF102: varying on another of A
    REDUCED_INTO_COLLECTIVE = "reduced-into-collective"  # SF103 (all_gather to='reduced' included)
    MIXED_STATES = "mixed-states-over-axes"  # SF105


@dataclass(frozen=True)
class Site:
    """One collective call whose input state was known enough to judge."""

    call: cst.Call = field(repr=False)
    name: str  # canonical: jax.lax.psum
    arg: cst.BaseExpression = field(repr=False)  # the input expression
    axes: tuple[str, ...]
    axes_node: cst.BaseExpression = field(repr=False)
    to: str | None  # all_gather's to= (None for other collectives)
    value: AxisState
    transfer: jaxapi.Transfer = field(repr=False)
    statement: cst.CSTNode | None = field(repr=False)  # a new line may go before it (None: wrap only)
    function: FunctionNode = field(repr=False)

    @property
    def short_name(self) -> str:
        return self.name.rsplit(".", 1)[-1]

    @property
    def gathers_to_reduced(self) -> bool:
        return self.to == jaxapi.REDUCED or self.short_name == "all_gather_reduced"


@dataclass(frozen=True)
class OutSpecNeed:
    """A shard_map output that becomes reduced on `axes` once a fix is applied."""

    spec: Spec | None  # the literal P(...) entry of out_specs, None when not a literal
    axes: tuple[str, ...]
    out_specs: cst.BaseExpression | None = field(repr=False)


@dataclass(frozen=True)
class Problem:
    kind: Kind
    site: Site
    cast: tuple[str, ...]  # axes to pcast to varying, in the consumer's order
    error: str  # JAX's own words
    rebind: str | None = None  # name to rebind on a new line before the statement
    fixable: bool = True
    note: str = ""  # why there is no fix, or what else must change
    out_specs: tuple[OutSpecNeed, ...] = ()
    mesh: MeshInfo | None = None

    def key(self) -> tuple:
        return (self.kind, self.cast, self.error, self.rebind, self.fixable)


def diagnose(site: Site, target: jaxapi.Version) -> Problem | None:
    """The problem JAX raises at `site`, or None (fine, or not known for certain)."""
    states = [site.value.on(axis) for axis in site.axes]
    if any(state in (Q, U) for state in states):
        return None
    if site.gathers_to_reduced:
        return _diagnose_gather_reduced(site, states)
    if site.transfer.rejects_reduced:
        return _diagnose_consumer(site, states, target)
    return None


def _diagnose_gather_reduced(site: Site, states: list[State]) -> Problem | None:
    reduced = tuple(axis for axis, state in zip(site.axes, states) if state is R)
    varying_on_axes = V in states
    if reduced:
        # JAX checks "varies on one of A" before "reduced on none of A" (run): a value reduced
        # on A and varying on none of it gets the Varying -> Reduced error, like any reduced
        # value fed to a collective over its reduced axis (SF103).
        if varying_on_axes:
            return Problem(Kind.REDUCED_INTO_GATHER_REDUCED, site, reduced, jaxapi.ERR_GATHER_INPUT_REDUCED)
        return Problem(Kind.REDUCED_INTO_COLLECTIVE, site, reduced, _not_varying_error(site.value))
    if not varying_on_axes:  # invariant on every axis gathered over
        return Problem(Kind.INVARIANT_INTO_GATHER_REDUCED, site, site.axes, _not_varying_error(site.value))
    return None


def _not_varying_error(value: AxisState) -> str:
    if value.known_nowhere_varying():
        return jaxapi.ERR_GATHER_NOT_VARYING
    return jaxapi.ERR_GATHER_VARYING_TO_REDUCED


def _one_state_checked(transfer: jaxapi.Transfer, target: jaxapi.Version) -> bool:
    return transfer.one_state_since is not None and target >= transfer.one_state_since


def _diagnose_consumer(site: Site, states: list[State], target: jaxapi.Version) -> Problem | None:
    transfer = site.transfer
    mixed = len(set(states)) > 1 and _one_state_checked(transfer, target)
    one_state_error = f"{transfer.one_state_name} {jaxapi.ERR_ONE_STATE}"
    reduced = tuple(axis for axis, state in zip(site.axes, states) if state is R)
    if reduced:
        error = one_state_error if mixed else jaxapi.ERR_PVARY_REDUCED
        return Problem(Kind.REDUCED_INTO_COLLECTIVE, site, reduced, error)
    if mixed and len(site.axes) > 1:
        invariant = tuple(axis for axis, state in zip(site.axes, states) if state is I)
        return Problem(Kind.MIXED_STATES, site, invariant, one_state_error)
    return None


# ---------------------------------------------------------------------------------------------
# The interpreter
# ---------------------------------------------------------------------------------------------
MAX_EXPRESSION_DEPTH = 150  # deeper expressions are "unknown" (no RecursionError, ever)
MAX_CALL_DEPTH = 3  # helpers analysed at the call site, this many calls deep
MAX_RUNS_PER_BODY = 200  # function runs per shard_map body (keeps the analysis linear)

BUILTINS_STATIC = frozenset({"len", "range", "isinstance", "int", "float", "bool", "str", "min", "max", "print", "tuple", "list", "enumerate", "zip"})


class _Dead(Exception):
    """Raised inside a block after return/raise: the rest is not reached."""


@dataclass(eq=False)
class Frame:
    """Names of one function run (or of the statically known scope around a body)."""

    function: FunctionNode | None
    parent: Frame | None
    vars: dict[str, Value] = field(default_factory=dict)
    # Static frames resolve names from the module/function text instead of a run.
    static_scopes: tuple[cst.FunctionDef, ...] | None = None
    opaque: bool = False  # names from here are unknown (e.g. an enclosing shard_map body)
    loops: int = 0
    returns: list[tuple[cst.Return, Value]] = field(default_factory=list)
    local_names: frozenset[str] = frozenset()  # names the function binds (params and locals)
    statement: cst.CSTNode | None = None
    statement_target: frozenset[str] = frozenset()  # names the current statement assigns


@dataclass
class BodyRun:
    """The analysis of one shard_map use."""

    use: ShardMapUse
    mesh: MeshInfo | None
    returns: list[tuple[cst.Return, Value]] = field(default_factory=list)
    analysed: bool = False


@dataclass
class Analysis:
    problems: list[Problem] = field(default_factory=list)
    runs: list[BodyRun] = field(default_factory=list)
    sites: list[Site] = field(default_factory=list)  # every judged site (for tests and debugging)


class Interpreter:
    def __init__(self, scope: ModuleScope, target: jaxapi.Version) -> None:
        self.scope = scope
        self.target = target
        self.module_frame = Frame(None, None, static_scopes=())
        self.verdicts: dict[int, list[Problem | None]] = {}
        self.site_nodes: dict[int, Site] = {}
        self.function_runs: dict[int, int] = {}
        self.analysed_refs: dict[int, set[int]] = {}  # function id -> ids of Name refs analysed
        self.body_functions: set[int] = set()  # every shard_map body of the module
        self.decorated_bodies: set[int] = set()
        self._references: dict[int, dict[str, set[int]]] = {}
        self.parents: dict[int, FunctionNode | None] = {}  # def -> the function defining it
        self._assigned: dict[int, frozenset[str]] = {}
        self._static: dict[tuple, Value] = {}
        self.depth = 0
        self.call_depth = 0
        self.runs_left = MAX_RUNS_PER_BODY
        self.mesh: MeshInfo | None = None
        self.run: BodyRun | None = None
        self.sites: list[Site] = []

    # -- entry -------------------------------------------------------------------------------
    def analyse(self, use: ShardMapUse) -> BodyRun:
        mesh = parse_mesh(self.scope, use.mesh, use.call_scopes) if use.mesh is not None else None
        run = BodyRun(use, mesh)
        if use.body is None or use.check is not True:
            return run  # check_vma=False: no types to check; a non-literal setting: not certain
        manual = self._manual_axes(use)
        if manual is False:
            return run
        params = self._param_states(use, manual)
        if params is None:
            return run
        self.mesh, self.run = mesh, run
        self.runs_left = MAX_RUNS_PER_BODY
        call_frame = self._static_frame(use.call_scopes)
        bound = [self.eval(arg.value, call_frame) for arg in use.bound_args if arg.keyword is None]
        keywords = {arg.keyword.value: self.eval(arg.value, call_frame) for arg in use.bound_args if arg.keyword is not None}
        if use.body_ref is not None:
            self.analysed_refs.setdefault(id(use.body), set()).add(id(use.body_ref))
        self._note_parent(use.body, use.body_scopes[-1] if use.body_scopes else None)
        closure = self._static_frame(use.body_scopes)
        returned = self.run_function(use.body, bound + params, keywords, closure, is_body=True)
        run.analysed = returned is not None
        self.run = None
        return run

    def _manual_axes(self, use: ShardMapUse):
        if use.axis_names is None:
            return None
        value = literal_value(use.axis_names)
        if isinstance(use.axis_names, cst.Set):
            names = [string_value(element.value) for element in use.axis_names.elements]
            if all(isinstance(name, str) for name in names):
                return frozenset(names)
        if isinstance(value, tuple) and all(isinstance(name, str) for name in value):
            return frozenset(value)
        return False

    def _param_states(self, use: ShardMapUse, manual) -> list[Value] | None:
        """States of the body's positional parameters (after partial-bound ones), from in_specs.

        Without a literal spec the parameters are unknown, but the body is still followed: a
        psum result is invariant on its axes whatever went in.
        """
        params = use.body.params
        positional = list(params.posonly_params) + list(params.params)
        bound_positional = [arg for arg in use.bound_args if arg.keyword is None]
        bound_keywords = {arg.keyword.value for arg in use.bound_args if arg.keyword is not None}
        free = [param for param in positional[len(bound_positional):] if param.name.value not in bound_keywords]
        tree = parse_spec(self.scope, use.in_specs, use.call_scopes) if use.in_specs is not None else None
        if isinstance(tree, tuple):
            return [self._tree_value(item, manual) for item in tree]
        # One spec applies to every argument; a parameter with a default may not be passed at all.
        required = [param for param in free if param.default is None]
        state = spec_state(tree, manual) if isinstance(tree, Spec) else UNKNOWN
        return [state for _ in required]

    def _tree_value(self, tree: SpecTree, manual) -> Value:
        if isinstance(tree, Spec):
            return spec_state(tree, manual)
        if isinstance(tree, tuple):
            return TupleValue(tuple(self._tree_value(item, manual) for item in tree))
        return UNKNOWN

    def _static_frame(self, scopes: tuple[cst.FunctionDef, ...]) -> Frame:
        """Names around a body: resolved from the text. Inside another shard_map body (a nested
        shard_map) they are values of that body: unknown."""
        if not scopes:
            return self.module_frame
        opaque = any(id(function) in self.body_functions for function in scopes)
        return Frame(None, self.module_frame, static_scopes=scopes, opaque=opaque)

    # -- functions ---------------------------------------------------------------------------
    def run_function(self, node: FunctionNode, args: list[Value], keywords: dict[str, Value], closure: Frame,
                     is_body: bool = False) -> Value | None:
        """Run a function with argument values; None when it could not be analysed."""
        if self.runs_left <= 0 or self.call_depth > MAX_CALL_DEPTH:
            return None
        self.runs_left -= 1
        frame = Frame(node, closure)
        if not self._bind_params(node.params, args, keywords, frame):
            return None
        self.function_runs[id(node)] = self.function_runs.get(id(node), 0) + 1
        self.call_depth += 1
        try:
            if isinstance(node, cst.Lambda):
                frame.local_names = frozenset(frame.vars)
                value = self.eval(node.body, frame)
                frame.returns.append((None, value))
            else:
                frame.local_names = frozenset(frame.vars) | self._locals_of(node)
                try:
                    self.exec_block(node.body, frame)
                except _Dead:
                    pass
        finally:
            self.call_depth -= 1
        if is_body and self.run is not None:
            self.run.returns.extend(frame.returns)
        if not frame.returns:
            return Const(None)
        result = frame.returns[0][1]
        for _, value in frame.returns[1:]:
            result = join(result, value)
        return result

    def _locals_of(self, node: cst.FunctionDef) -> frozenset[str]:
        key = id(node)
        if key not in self._assigned:
            self._assigned[key] = frozenset(_assigned_names(node.body))
        return self._assigned[key]

    def _bind_params(self, params: cst.Parameters, args: list[Value], keywords: dict[str, Value], frame: Frame) -> bool:
        positional = list(params.posonly_params) + list(params.params)
        if len(args) > len(positional) and not isinstance(params.star_arg, cst.Param):
            return False
        for index, param in enumerate(positional):
            name = param.name.value
            if index < len(args):
                frame.vars[name] = args[index]
            elif name in keywords:
                frame.vars[name] = keywords[name]
            elif param.default is not None:
                frame.vars[name] = self._default(param.default)
            else:
                return False
        for param in params.kwonly_params:
            name = param.name.value
            if name in keywords:
                frame.vars[name] = keywords[name]
            elif param.default is not None:
                frame.vars[name] = self._default(param.default)
            else:
                return False
        if isinstance(params.star_arg, cst.Param):
            frame.vars[params.star_arg.name.value] = UNKNOWN
        if params.star_kwarg is not None:
            frame.vars[params.star_kwarg.name.value] = UNKNOWN
        return True

    def _default(self, node: cst.BaseExpression) -> Value:
        value = literal_value(node)
        return Const(value) if value is not NOT_LITERAL else UNKNOWN

    # -- statements --------------------------------------------------------------------------
    def exec_block(self, block: cst.BaseSuite, frame: Frame) -> None:
        if isinstance(block, cst.SimpleStatementSuite):
            for small in block.body:
                frame.statement = None  # `if c: x = f(g)`: no line of its own for a new statement
                self.exec_small(small, frame)
            return
        for stmt in block.body:
            self.exec_stmt(stmt, frame)

    def exec_stmt(self, stmt: cst.CSTNode, frame: Frame) -> None:
        if isinstance(stmt, cst.SimpleStatementLine):
            for small in stmt.body:
                frame.statement = stmt if len(stmt.body) == 1 else None
                frame.statement_target = _small_targets(small)
                self.exec_small(small, frame)
            frame.statement = None
            frame.statement_target = frozenset()
            return
        handler = getattr(self, "exec_" + type(stmt).__name__, None)
        if handler is not None:
            handler(stmt, frame)
        else:  # match, class, async constructs: whatever they bind is unknown
            self._forget(_assigned_names_stmt(stmt), frame)
            if isinstance(stmt, cst.ClassDef):
                frame.vars[stmt.name.value] = UNKNOWN

    def exec_small(self, small: cst.BaseSmallStatement, frame: Frame) -> None:
        if isinstance(small, cst.Assign):
            value = self.eval(small.value, frame)
            for target in small.targets:
                self.assign(target.target, value, frame)
        elif isinstance(small, cst.AnnAssign):
            if small.value is not None:
                self.assign(small.target, self.eval(small.value, frame), frame)
        elif isinstance(small, cst.AugAssign):
            left = self.eval(small.target, frame)
            right = self.eval(small.value, frame)
            op = _AUG_OPERATORS.get(type(small.operator), "?")
            self.assign(small.target, self.binary(op, left, right), frame)
        elif isinstance(small, cst.Expr):
            self.eval(small.value, frame)
        elif isinstance(small, cst.Return):
            value = self.eval(small.value, frame) if small.value is not None else Const(None)
            frame.returns.append((small, value))
            raise _Dead
        elif isinstance(small, cst.Raise):
            raise _Dead
        elif isinstance(small, cst.Assert):
            self.eval(small.test, frame)
        elif isinstance(small, (cst.Global, cst.Nonlocal)):
            for item in small.names:
                frame.vars[item.name.value] = UNKNOWN
        elif isinstance(small, cst.Del):
            self._forget(_target_names(small.target), frame)
        elif isinstance(small, (cst.Import, cst.ImportFrom)):
            for name in _import_names(small):
                frame.vars.pop(name, None)  # resolved through the import table
                frame.vars[name] = self._module_name(name)
        # pass, break, continue: nothing to follow

    def exec_FunctionDef(self, stmt: cst.FunctionDef, frame: Frame) -> None:
        self._note_parent(stmt, frame.function)
        frame.vars[stmt.name.value] = Function(stmt, frame) if not stmt.decorators else UNKNOWN

    def exec_If(self, stmt: cst.If, frame: Frame) -> None:
        frame.statement = stmt
        self.eval(stmt.test, frame)
        frame.statement = None
        self._branches(frame, [stmt.body, stmt.orelse])

    def _branches(self, frame: Frame, blocks: list) -> None:
        """Run alternative blocks from the same state and join what they leave."""
        before = dict(frame.vars)
        outcomes: list[dict[str, Value]] = []
        for block in blocks:
            frame.vars = dict(before)
            try:
                if block is None:
                    pass
                elif isinstance(block, cst.If):  # elif: its test has no line of its own
                    self.eval(block.test, frame)
                    self._branches(frame, [block.body, block.orelse])
                elif isinstance(block, cst.Else):
                    self.exec_block(block.body, frame)
                else:
                    self.exec_block(block, frame)
                outcomes.append(frame.vars)
            except _Dead:
                pass
        if not outcomes:
            frame.vars = before
            raise _Dead
        merged = outcomes[0]
        for other in outcomes[1:]:
            names = set(merged) | set(other)
            merged = {name: join(merged.get(name, UNKNOWN), other.get(name, UNKNOWN)) for name in names}
        frame.vars = merged

    def exec_For(self, stmt: cst.For, frame: Frame) -> None:
        frame.statement = stmt
        self.eval(stmt.iter, frame)
        frame.statement = None
        self._loop(frame, stmt.body, _assigned_names(stmt.body) | _target_names(stmt.target), stmt.orelse)

    def exec_While(self, stmt: cst.While, frame: Frame) -> None:
        names = _assigned_names(stmt.body)
        self._forget(names, frame)
        frame.loops += 1
        try:
            self.eval(stmt.test, frame)
        finally:
            frame.loops -= 1
        self._loop(frame, stmt.body, names, stmt.orelse)

    def _loop(self, frame: Frame, body: cst.BaseSuite, names: set[str], orelse) -> None:
        """Loops give unknown: everything the body binds is unknown in it and after it."""
        self._forget(names, frame)
        frame.loops += 1
        before = dict(frame.vars)
        try:
            self.exec_block(body, frame)
        except _Dead:
            pass
        finally:
            frame.loops -= 1
        frame.vars = before
        if orelse is not None:
            try:
                self.exec_block(orelse.body, frame)
            except _Dead:
                pass
            self._forget(_assigned_names(orelse.body), frame)

    def exec_With(self, stmt: cst.With, frame: Frame) -> None:
        frame.statement = stmt
        for item in stmt.items:
            self.eval(item.item, frame)
            if item.asname is not None:
                self._forget(_target_names(item.asname.name), frame)
        frame.statement = None
        self.exec_block(stmt.body, frame)

    def exec_Try(self, stmt, frame: Frame) -> None:
        names = _assigned_names_stmt(stmt)
        blocks = [stmt.body] + [handler.body for handler in stmt.handlers]
        if stmt.orelse is not None:
            blocks.append(stmt.orelse.body)
        if stmt.finalbody is not None:
            blocks.append(stmt.finalbody.body)
        for block in blocks:
            before = dict(frame.vars)
            try:
                self.exec_block(block, frame)
            except _Dead:
                pass
            frame.vars = before
            self._forget(names, frame)

    exec_TryStar = exec_Try

    def _forget(self, names: Iterable[str], frame: Frame) -> None:
        for name in names:
            frame.vars[name] = UNKNOWN

    def assign(self, target: cst.BaseExpression, value: Value, frame: Frame) -> None:
        if isinstance(target, cst.Name):
            frame.vars[target.value] = value
        elif isinstance(target, (cst.Tuple, cst.List)):
            elements = target.elements
            if any(isinstance(element, cst.StarredElement) for element in elements):
                self._forget(_target_names(target), frame)
                return
            items = self._unpack(value, len(elements))
            for element, item in zip(elements, items):
                self.assign(element.value, item, frame)
        # attributes and subscripts: the object is not followed

    def _unpack(self, value: Value, count: int) -> list[Value]:
        if isinstance(value, TupleValue) and len(value.items) == count:
            return list(value.items)
        if isinstance(value, Const) and isinstance(value.value, tuple) and len(value.value) == count:
            return [Const(item) for item in value.value]
        if isinstance(value, AxisState) and not value.has(R) and not value.has(U) and not value.mixed:
            # Rows of an array, or leaves of a pytree with one spec: same state each.
            return [value] * count
        return [UNKNOWN] * count

    # -- expressions -------------------------------------------------------------------------
    def eval(self, expr: cst.BaseExpression | None, frame: Frame) -> Value:
        if expr is None:
            return Const(None)
        if self.depth >= MAX_EXPRESSION_DEPTH:
            return UNKNOWN
        self.depth += 1
        try:
            handler = getattr(self, "eval_" + type(expr).__name__, None)
            return handler(expr, frame) if handler is not None else UNKNOWN
        finally:
            self.depth -= 1

    def eval_Name(self, expr: cst.Name, frame: Frame) -> Value:
        if expr.value in ("None", "True", "False"):
            return Const(literal_value(expr))
        return self.lookup(expr.value, frame)

    def eval_SimpleString(self, expr, frame) -> Value:
        value = string_value(expr)
        return Const(value) if value is not None else STATIC

    eval_ConcatenatedString = eval_SimpleString

    def eval_FormattedString(self, expr, frame) -> Value:
        return STATIC

    def eval_Integer(self, expr, frame) -> Value:
        return Const(literal_value(expr))

    eval_Float = eval_Integer

    def eval_Imaginary(self, expr, frame) -> Value:
        return STATIC

    def eval_Ellipsis(self, expr, frame) -> Value:
        return STATIC

    def eval_Tuple(self, expr: cst.Tuple, frame: Frame) -> Value:
        items = []
        for element in expr.elements:
            if isinstance(element, cst.StarredElement):
                self.eval(element.value, frame)
                return UNKNOWN
            items.append(self.eval(element.value, frame))
        return TupleValue(tuple(items))

    eval_List = eval_Tuple

    def eval_Set(self, expr, frame) -> Value:
        for element in expr.elements:
            self.eval(element.value, frame)
        return STATIC

    def eval_Dict(self, expr: cst.Dict, frame: Frame) -> Value:
        for element in expr.elements:
            if isinstance(element, cst.DictElement):
                self.eval(element.key, frame)
            self.eval(element.value, frame)
        return UNKNOWN

    def eval_Lambda(self, expr: cst.Lambda, frame: Frame) -> Value:
        return Function(expr, frame)

    def eval_IfExp(self, expr: cst.IfExp, frame: Frame) -> Value:
        self.eval(expr.test, frame)
        return join(self.eval(expr.body, frame), self.eval(expr.orelse, frame))

    def eval_NamedExpr(self, expr: cst.NamedExpr, frame: Frame) -> Value:
        value = self.eval(expr.value, frame)
        self.assign(expr.target, value, frame)
        return value

    def eval_BinaryOperation(self, expr: cst.BinaryOperation, frame: Frame) -> Value:
        # Left-leaning chains (a + b + c + ...) are walked iteratively, so long sums never
        # exhaust the expression depth.
        chain = []
        node: cst.BaseExpression = expr
        while isinstance(node, cst.BinaryOperation) and len(chain) < 10_000:
            chain.append(node)
            node = node.left
        value = self.eval(node, frame)
        for link in reversed(chain):
            right = self.eval(link.right, frame)
            value = self.binary(_BINARY_OPERATORS.get(type(link.operator), "?"), value, right)
        return value

    def binary(self, op: str, left: Value, right: Value) -> Value:
        a, b = as_array(left), as_array(right)
        if isinstance(left, Const) and isinstance(right, Const):
            return STATIC
        if a is None or b is None:
            return UNKNOWN
        keeps = op in jaxapi.REDUCED_KEEPING_BINARY and isinstance(left, AxisState) and isinstance(right, AxisState)
        return elementwise([a, b], keeps)

    def eval_UnaryOperation(self, expr: cst.UnaryOperation, frame: Frame) -> Value:
        value = self.eval(expr.expression, frame)
        if isinstance(value, (Const, Static)):
            return STATIC
        array = as_array(value)
        if array is None:
            return UNKNOWN
        keeps = isinstance(expr.operator, (cst.Minus, cst.Plus))
        return elementwise([array], keeps, why=array.why)

    def eval_BooleanOperation(self, expr: cst.BooleanOperation, frame: Frame) -> Value:
        self.eval(expr.left, frame)
        self.eval(expr.right, frame)
        return UNKNOWN

    def eval_Comparison(self, expr: cst.Comparison, frame: Frame) -> Value:
        operands = [self.eval(expr.left, frame)] + [self.eval(item.comparator, frame) for item in expr.comparisons]
        if all(isinstance(value, (Const, Static)) for value in operands):
            return STATIC
        arrays = [as_array(value) for value in operands]
        if any(array is None for array in arrays):
            return UNKNOWN
        return elementwise(arrays, keeps_reduced=False)

    def eval_Subscript(self, expr: cst.Subscript, frame: Frame) -> Value:
        value = self.eval(expr.value, frame)
        indices: list[Value] = []
        for element in expr.slice:
            index = element.slice
            if isinstance(index, cst.Index):
                indices.append(self.eval(index.value, frame))
            elif isinstance(index, cst.Slice):
                for part in (index.lower, index.upper, index.step):
                    if part is not None:
                        indices.append(self.eval(part, frame))
        if isinstance(value, TupleValue):
            if len(indices) == 1 and isinstance(indices[0], Const) and isinstance(indices[0].value, int):
                position = indices[0].value
                if -len(value.items) <= position < len(value.items):
                    return value.items[position]
            return UNKNOWN
        if isinstance(value, AxisState):
            if value.mixed:
                return UNKNOWN  # maybe an item of a tuple result
            if all(isinstance(index, (Const, Static)) for index in indices):
                return value  # slicing keeps every state, reduced included (run)
            arrays = [as_array(index) for index in indices]
            if any(array is None for array in arrays):
                return UNKNOWN
            return elementwise([value] + arrays, keeps_reduced=False, why=value.why)
        if isinstance(value, (Const, Static)):
            return STATIC
        return UNKNOWN

    def eval_Attribute(self, expr: cst.Attribute, frame: Frame) -> Value:
        receiver = self.eval(expr.value, frame)
        attr = expr.attr.value
        if isinstance(receiver, JaxName):
            return JaxName(jaxapi.canonical(f"{receiver.name}.{attr}"))
        if isinstance(receiver, AxisState):
            if attr in jaxapi.STATIC_ATTRIBUTES:
                return STATIC
            if attr in jaxapi.ARRAY_ATTRIBUTES:
                return elementwise([receiver], attr in jaxapi.REDUCED_KEEPING_ATTRIBUTES, why=receiver.why)
        if isinstance(receiver, (Const, Static)):
            return STATIC
        return UNKNOWN  # attributes of objects are not followed

    def eval_Call(self, expr: cst.Call, frame: Frame) -> Value:
        if isinstance(expr.func, cst.Attribute):
            receiver = self.eval(expr.func.value, frame)
            method = expr.func.attr.value
            args, keywords, starred = self._eval_args(expr, frame)
            if isinstance(receiver, JaxName):
                callee = JaxName(jaxapi.canonical(f"{receiver.name}.{method}"))
                return self.call(callee, expr, args, keywords, starred, frame)
            return self.call_method(receiver, method, args, keywords, starred)
        callee = self.eval(expr.func, frame)
        args, keywords, starred = self._eval_args(expr, frame)
        return self.call(callee, expr, args, keywords, starred, frame)

    def _eval_args(self, expr: cst.Call, frame: Frame):
        args: list[tuple[Value, cst.BaseExpression]] = []
        keywords: dict[str, tuple[Value, cst.BaseExpression]] = {}
        starred = False
        for arg in expr.args:
            value = self.eval(arg.value, frame)
            if arg.star:
                starred = True
            elif arg.keyword is not None:
                keywords[arg.keyword.value] = (value, arg.value)
            else:
                args.append((value, arg.value))
        return args, keywords, starred

    def call_method(self, receiver: Value, method: str, args, keywords, starred) -> Value:
        if starred or not isinstance(receiver, AxisState) or method not in jaxapi.ARRAY_METHODS:
            return UNKNOWN
        if _SHARDING_KEYWORDS & set(keywords):
            return UNKNOWN
        operands = [receiver]
        for value, _ in list(args) + list(keywords.values()):
            if isinstance(value, (Const, Static, JaxName)):
                continue
            array = as_array(value)
            if array is None:
                return UNKNOWN
            operands.append(array)
        keeps = method in jaxapi.REDUCED_KEEPING_METHODS and len(operands) == 1
        return _mark_mixed(elementwise(operands, keeps, why=receiver.why), operands)

    def call(self, callee: Value, expr: cst.Call | None, args, keywords, starred, frame: Frame) -> Value:
        if isinstance(callee, Partial):
            merged_args = [(value, node) for value, node in zip(callee.args, callee.arg_nodes)] + list(args)
            merged_keywords = {name: (value, node) for (name, value), (_, node) in zip(callee.keywords, callee.keyword_nodes)}
            merged_keywords.update(keywords)
            return self.call(callee.func, expr, merged_args, merged_keywords, starred, frame)
        if isinstance(callee, Function):
            return self.call_function(callee, expr, args, keywords, starred)
        if not isinstance(callee, JaxName):
            return UNKNOWN
        name = callee.name
        if name == jaxapi.PARTIAL:
            if starred or not args:
                return UNKNOWN
            return Partial(args[0][0], tuple(v for v, _ in args[1:]), tuple((k, v) for k, (v, _) in keywords.items()),
                           tuple(n for _, n in args[1:]), tuple((k, n) for k, (_, n) in keywords.items()))
        if name in jaxapi.TRANSFERS:
            return self.collective(name, expr, args, keywords, starred, frame)
        if name in jaxapi.TREE_MAP and not starred and len(args) >= 2 and not keywords:
            return self.tree_map(args, frame)
        if name == "jax.lax.axis_index":
            return self.axis_index(args, keywords)
        if name in ("jax.lax.axis_size", "jax.typeof") or name.startswith("math."):
            return STATIC
        if name.startswith("builtins.") and name[len("builtins."):] in BUILTINS_STATIC:
            return STATIC
        if _elementwise_function(name):
            return self.call_elementwise(name, args, keywords, starred)
        if name.startswith("numpy."):
            operands = [as_array(value) for value, _ in list(args) + list(keywords.values())]
            if not starred and all(op is not None and op.same_state(CONSTANT) for op in operands):
                return replace(CONSTANT, why="a NumPy constant")
        return UNKNOWN

    def call_elementwise(self, name: str, args, keywords, starred) -> Value:
        if starred or _SHARDING_KEYWORDS & set(keywords):
            return UNKNOWN  # out_sharding=P(unreduced=...) and the like set the state themselves
        operands: list[AxisState] = []
        for value, _ in list(args) + list(keywords.values()):
            for leaf in _leaves(value):
                if isinstance(leaf, (Const, Static, JaxName)):
                    continue
                array = as_array(leaf)
                if array is None:
                    return UNKNOWN
                operands.append(array)
        keeps = name in jaxapi.REDUCED_KEEPING_FUNCTIONS and len(operands) == 1
        result = elementwise(operands, keeps, why=operands[0].why if len(operands) == 1 else "")
        return _mark_mixed(result, operands)

    def tree_map(self, args, frame: Frame) -> Value:
        """`jax.tree.map(f, tree, ...)` over trees whose leaves share one state: f on that state."""
        (func, func_node), trees = args[0], args[1:]
        if not all(isinstance(value, AxisState) for value, _ in trees):
            return UNKNOWN
        if isinstance(func, Function) and isinstance(func_node, cst.Name):
            self.analysed_refs.setdefault(id(func.node), set()).add(id(func_node))
        result = self.call(func, None, list(trees), {}, False, frame)
        return result if isinstance(result, AxisState) else UNKNOWN

    def call_function(self, function: Function, expr: cst.Call | None, args, keywords, starred) -> Value:
        if starred:
            return UNKNOWN
        if expr is not None and isinstance(expr.func, cst.Name):
            self.analysed_refs.setdefault(id(function.node), set()).add(id(expr.func))
        result = self.run_function(function.node, [v for v, _ in args], {k: v for k, (v, _) in keywords.items()},
                                   function.closure)
        return UNKNOWN if result is None else result

    def axis_index(self, args, keywords) -> Value:
        node_value = args[0][0] if args else keywords.get("axis_name", (None, None))[0]
        axes = _axes_of(node_value)
        if axes is None:
            return UNKNOWN
        return AxisState.of({axis: V for axis in axes}, I, "axis_index result")

    # -- collectives -------------------------------------------------------------------------
    def collective(self, name: str, expr: cst.Call | None, args, keywords, starred, frame: Frame) -> Value:
        transfer = jaxapi.TRANSFERS[name]
        if starred:
            return UNKNOWN
        bound: dict[str, tuple[Value, cst.BaseExpression]] = {}
        for param, arg in zip(transfer.params, args):
            bound[param] = arg
        for key, arg in keywords.items():
            bound.setdefault(key, arg)
        if "x" not in bound or "axis_name" not in bound or "axis_index_groups" in bound:
            return UNKNOWN
        value, arg_node = bound["x"]
        axes_value, axes_node = bound["axis_name"]
        axes = _axes_of(axes_value)
        if axes is None or not axes:
            return UNKNOWN
        if self.mesh is not None and not set(axes) <= set(self.mesh.axes):
            return UNKNOWN
        to = self._to(transfer, bound)
        if to is False:
            return UNKNOWN
        gives = self._gives(name, transfer, to)
        if gives is None:
            return UNKNOWN
        short = name.rsplit(".", 1)[-1]
        why = f"{short} result" if to in (None, jaxapi.VARYING) and short != "pcast" else f"{short}(..., to={to!r}) result"
        if isinstance(value, (Const, Static)) and transfer.reduction and short != "pmean":
            return STATIC  # psum of a Python constant is computed without tracing
        if not isinstance(value, AxisState) or value.mixed or expr is None or frame.function is None:
            return self._collective_on_tree(value, axes, gives, transfer, why, name)
        if short in ("pcast", "pvary", "preduced"):
            return pcast_result(value, axes, gives, why, short)
        site = Site(expr, name, arg_node, axes, axes_node, to if short == "all_gather" else None, value, transfer,
                    frame.statement, frame.function)
        problem = diagnose(site, self.target)
        problem = self._place_fix(problem, site, frame) if problem is not None else None
        self._record(site, problem)
        if problem is not None:
            value = value.with_axes(problem.cast, V, "pcast result")
            if problem.rebind is not None:
                frame.vars[problem.rebind] = value
        gather = id(expr) if gives is R else None
        return collective_result(value, axes, gives, transfer, why, gather)

    def _to(self, transfer: jaxapi.Transfer, bound):
        if transfer.gives != "to":
            return None
        if "to" not in bound:
            return transfer.default_to if transfer.default_to is not None else False
        value = bound["to"][0]
        if isinstance(value, Const) and isinstance(value.value, str):
            return value.value
        return False

    def _gives(self, name: str, transfer: jaxapi.Transfer, to) -> State | None:
        if transfer.gives != "to":
            return State(transfer.gives)
        if name == "jax.lax.all_gather":
            state = jaxapi.ALL_GATHER_TO.get(to)
            return State(state) if state is not None else None
        if to in jaxapi.PCAST_FROM:
            return State(to)
        return None

    def _collective_on_tree(self, value: Value, axes, gives: State, transfer, why: str, name: str) -> Value:
        if isinstance(value, TupleValue):
            return TupleValue(tuple(self._collective_on_tree(item, axes, gives, transfer, why, name) for item in value.items))
        if isinstance(value, AxisState):
            short = name.rsplit(".", 1)[-1]
            if short in ("pcast", "pvary", "preduced"):
                return pcast_result(value, axes, gives, why, short)
            if any(value.on(axis) in (R, U, Q) for axis in axes):
                return UNKNOWN
            return collective_result(value, axes, gives, transfer, why)
        return UNKNOWN

    def _place_fix(self, problem: Problem, site: Site, frame: Frame) -> Problem:
        """Decide how the cast is written (new line or wrap) and whether a fix exists at all."""
        fixable, note = True, ""
        if self.target < jaxapi.PCAST_ADDED and problem.kind in (Kind.REDUCED_INTO_GATHER_REDUCED, Kind.REDUCED_INTO_COLLECTIVE):
            fixable, note = False, "pvary cannot cast a reduced value: needs jax >= 0.8.2 (pcast)"
        elif site.transfer.divides and _reduced_outside(site.value, problem.cast if problem.kind is Kind.REDUCED_INTO_COLLECTIVE else ()):
            fixable, note = False, "pmean of a value reduced on another axis fails in its division even after a cast"
        rebind = None
        if fixable and isinstance(site.arg, cst.Name) and self._can_rebind(site.arg.value, site, frame):
            rebind = site.arg.value
        return replace(problem, rebind=rebind, fixable=fixable, note=note, mesh=self.mesh)

    def _can_rebind(self, name: str, site: Site, frame: Frame) -> bool:
        """A new line `name = pcast(name, ...)` before the statement is as good as a wrap only when
        nothing else reads `name` afterwards (or the statement itself rebinds it)."""
        statement = frame.statement
        if statement is None or frame.loops or name not in frame.local_names or frame.function is None:
            return False
        if isinstance(frame.function, cst.Lambda):
            return False
        reads = _name_count(statement if isinstance(statement, cst.SimpleStatementLine) else _header(statement), name)
        if isinstance(statement, cst.SimpleStatementLine) and name in frame.statement_target:
            reads -= _target_occurrences(statement, name)
            return reads == 1
        if reads != 1:
            return False
        return not _read_after(frame.function, statement, name)

    def _record(self, site: Site, problem: Problem | None) -> None:
        key = id(site.call)
        if key not in self.verdicts:
            self.verdicts[key] = []
            self.site_nodes[key] = site
        self.verdicts[key].append(problem)
        self.sites.append(site)

    # -- names -------------------------------------------------------------------------------
    def lookup(self, name: str, frame: Frame) -> Value:
        if name in self.scope.volatile:
            return UNKNOWN  # rebound from another function through `global` / `nonlocal`
        current: Frame | None = frame
        while current is not None:
            if current.static_scopes is not None:
                return self._static_lookup(name, current)
            if name in current.vars:
                return current.vars[name]
            if name in current.local_names:
                return UNKNOWN  # bound later in this function, or in a branch not taken
            current = current.parent
        return UNKNOWN

    def _static_lookup(self, name: str, frame: Frame) -> Value:
        """A name outside every analysed run: functions, constants and imports; other
        closed-over values are invariant (shard_map treats closed-over arrays as constants)."""
        if frame.opaque:
            return UNKNOWN
        key = (tuple(id(scope) for scope in frame.static_scopes or ()), name)
        if key not in self._static:
            self._static[key] = UNKNOWN  # a name defined in terms of itself stays unknown
            self._static[key] = self._static_value(name, frame)
        return self._static[key]

    def _static_value(self, name: str, frame: Frame) -> Value:
        scopes = frame.static_scopes or ()
        for index in range(len(scopes) - 1, -1, -1):
            local = self.scope.locals_of(scopes[index])
            if local.binds(name):
                return self._bound_value(name, local, scopes[: index + 1])
        if self.scope.globals.binds(name):
            return self._bound_value(name, self.scope.globals, ())
        return self._module_name(name)

    def _bound_value(self, name: str, bindings, scopes: tuple[cst.FunctionDef, ...]) -> Value:
        function = bindings.unique_function(name)
        if function is not None:
            self._note_parent(function, scopes[-1] if scopes else None)
            return Function(function, self._static_frame(scopes))
        bound = bindings.unique_value(name)
        if bound is not None:
            return self.eval(bound, self._static_frame(scopes))
        return replace(CONSTANT, why="a closed-over value")

    def _module_name(self, name: str) -> Value:
        bindings = self.scope.imports.bindings
        if name in bindings:
            bound = bindings[name]
            return JaxName(bound) if bound else replace(CONSTANT, why="a module-level value")
        if name in _BUILTIN_NAMES:
            return JaxName("builtins." + name)
        return replace(CONSTANT, why="a module-level value")

    # -- results -----------------------------------------------------------------------------
    def problems(self) -> list[Problem]:
        """Problems every analysed run agrees on, in functions whose every use was analysed."""
        found = []
        for key, verdicts in self.verdicts.items():
            first = verdicts[0]
            if first is None or any(v is None or v.key() != first.key() for v in verdicts):
                continue
            function = self.site_nodes[key].function
            if len(verdicts) != self.function_runs.get(id(function), 0):
                continue  # some run of the function could not judge this site
            if self._closed(function):
                found.append(first)
        return found

    def _closed(self, function: FunctionNode) -> bool:
        """Every reference to the function was analysed (a lambda has only the one it runs by;
        a body decorated by shard_map is only ever run by shard_map). A nested function is
        referenced only inside the function defining it; a module-level one anywhere in the
        file, counted on the whole file's ast (the LibCST text may be sparse)."""
        if isinstance(function, cst.Lambda) or id(function) in self.decorated_bodies:
            return True
        name = function.name.value
        analysed = self.analysed_refs.get(id(function), set())
        parent = self.parents.get(id(function))
        if parent is None:
            in_file = self.scope.references(name)
            if in_file is not None:
                return len(analysed) >= in_file
            return self._references_in(self.scope.module).get(name, set()) <= analysed
        return self._references_in(parent).get(name, set()) <= analysed

    def _references_in(self, node: cst.CSTNode) -> dict[str, set[int]]:
        key = id(node)
        if key not in self._references:
            self._references[key] = _references(node)
        return self._references[key]

    def _note_parent(self, function: FunctionNode, parent: FunctionNode | None) -> None:
        if isinstance(function, cst.FunctionDef):
            self.parents.setdefault(id(function), parent)


def _references(module: cst.CSTNode) -> dict[str, set[int]]:
    """Ids of the Name nodes that may refer to each name (not attribute tails, keywords, params,
    or the names of defs and classes)."""
    refs: dict[str, set[int]] = {}
    skip: set[int] = set()
    for node in iter_nodes(module):
        if isinstance(node, cst.Name):
            if id(node) not in skip:
                refs.setdefault(node.value, set()).add(id(node))
        elif isinstance(node, cst.Attribute):
            skip.add(id(node.attr))
        elif isinstance(node, cst.Arg) and node.keyword is not None:
            skip.add(id(node.keyword))
        elif isinstance(node, (cst.Param, cst.FunctionDef, cst.ClassDef)):
            skip.add(id(node.name))
    return refs


def analyse_module(module: cst.Module, imports, target: jaxapi.Version, tree=None) -> Analysis:
    """Find every shard_map body of the module, follow its values, and return the problems.

    `tree` is Python's ast of the whole file when `module` is a sparse text of it."""
    scope = ModuleScope(module, imports, tree)
    try:
        uses = find_shard_maps(scope)
        interpreter = Interpreter(scope, target)
        interpreter.body_functions = {id(use.body) for use in uses if use.body is not None}
        interpreter.decorated_bodies = {id(use.body) for use in uses if use.decorated and use.body is not None}
        runs = [interpreter.analyse(use) for use in uses]
        problems = interpreter.problems()
        problems = [_with_out_specs(problem, runs, scope) for problem in problems]
    except RecursionError:  # absurdly deep code: say nothing rather than guess
        return Analysis()
    return Analysis(problems, runs, interpreter.sites)


def _with_out_specs(problem: Problem, runs: list[BodyRun], scope: ModuleScope) -> Problem:
    """For a gather made to work: the outputs it flows into must list its axes in reduced={...}."""
    if not problem.site.gathers_to_reduced:
        return problem
    needs: list[OutSpecNeed] = []
    for run in runs:
        if not run.analysed or run.use.out_specs is None:
            continue
        tree = parse_spec(scope, run.use.out_specs, run.use.call_scopes)
        for _, value in run.returns:
            needs.extend(_out_needs(value, tree, problem.site, run.use.out_specs))
    unique: dict[tuple, OutSpecNeed] = {}
    for need in needs:
        unique.setdefault((id(need.spec.node) if need.spec else id(need.out_specs), need.axes), need)
    return replace(problem, out_specs=tuple(unique.values()))


def _out_needs(value: Value, tree: SpecTree, site: Site, out_specs: cst.BaseExpression) -> list[OutSpecNeed]:
    if isinstance(tree, tuple) and isinstance(value, TupleValue) and len(tree) == len(value.items):
        return [need for item, sub in zip(value.items, tree) for need in _out_needs(item, sub, site, out_specs)]
    leaves = list(_leaves(value))
    wanted = [_needed_reduced(leaf, site) for leaf in leaves]
    if not any(wanted):
        return []
    if isinstance(tree, Spec) and len(leaves) == 1:
        missing = tuple(axis for axis in wanted[0] if axis not in tree.reduced)
        if not missing:
            return []
        return [OutSpecNeed(tree if tree.reduced_literal else None, missing, out_specs)]
    axes = tuple(dict.fromkeys(axis for group in wanted for axis in group))
    if isinstance(tree, Spec) and all(axis in tree.reduced for axis in axes):
        return []
    return [OutSpecNeed(None, axes, out_specs)]


def _needed_reduced(leaf: Value, site: Site) -> tuple[str, ...]:
    if isinstance(leaf, AxisState) and id(site.call) in leaf.gathers:
        return tuple(axis for axis in site.axes if leaf.on(axis) is R)
    return ()


_SHARDING_KEYWORDS = frozenset({"out_sharding", "sharding", "device", "out_shardings"})


def _mark_mixed(result: AxisState, operands: list[AxisState]) -> AxisState:
    if len(operands) > 1 and not all(op.same_state(operands[0]) for op in operands):
        return replace(result, mixed=True)
    return result


def _reduced_outside(value: AxisState, cast: tuple[str, ...]) -> bool:
    return any(state is R and axis not in cast for axis, state in value.named) or value.rest is R


def _axes_of(value: Value | None) -> tuple[str, ...] | None:
    if isinstance(value, Const):
        if isinstance(value.value, str):
            return (value.value,)
        if isinstance(value.value, tuple) and all(isinstance(item, str) for item in value.value):
            return _unique(value.value)
    if isinstance(value, TupleValue):
        names = []
        for item in value.items:
            if not (isinstance(item, Const) and isinstance(item.value, str)):
                return None
            names.append(item.value)
        return _unique(tuple(names))
    return None


def _unique(axes: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(axes))


def _leaves(value: Value) -> Iterator[Value]:
    if isinstance(value, TupleValue):
        for item in value.items:
            yield from _leaves(item)
    else:
        yield value


def _elementwise_function(name: str) -> bool:
    if name.startswith("jax.numpy."):
        return name.rsplit(".", 1)[-1] not in jaxapi.NUMPY_NOT_ELEMENTWISE
    if name.startswith("jax.lax."):
        return name.count(".") == 2 and name.rsplit(".", 1)[-1] not in jaxapi.LAX_NOT_ELEMENTWISE
    return name.startswith(jaxapi.ELEMENTWISE_NAMESPACES)


def _head_name(expr: cst.BaseExpression) -> str | None:
    while isinstance(expr, cst.Attribute):
        expr = expr.value
    return expr.value if isinstance(expr, cst.Name) else None


_BINARY_OPERATORS = {
    cst.Add: "+", cst.Subtract: "-", cst.Multiply: "*", cst.Divide: "/", cst.FloorDivide: "//", cst.Modulo: "%",
    cst.Power: "**", cst.MatrixMultiply: "@", cst.LeftShift: "<<", cst.RightShift: ">>", cst.BitAnd: "&",
    cst.BitOr: "|", cst.BitXor: "^",
}
_AUG_OPERATORS = {
    cst.AddAssign: "+", cst.SubtractAssign: "-", cst.MultiplyAssign: "*", cst.DivideAssign: "/",
    cst.FloorDivideAssign: "//", cst.ModuloAssign: "%", cst.PowerAssign: "**", cst.MatrixMultiplyAssign: "@",
    cst.LeftShiftAssign: "<<", cst.RightShiftAssign: ">>", cst.BitAndAssign: "&", cst.BitOrAssign: "|",
    cst.BitXorAssign: "^",
}
_BUILTIN_NAMES = frozenset(BUILTINS_STATIC | {"sum", "abs", "round", "map", "filter", "sorted", "reversed", "dict", "set"})


# ---------------------------------------------------------------------------------------------
# Small syntactic helpers
# ---------------------------------------------------------------------------------------------
def _names_in(node: cst.CSTNode) -> list[cst.Name]:
    return [found for found in iter_nodes(node) if isinstance(found, cst.Name)]


def _name_count(node: cst.CSTNode, name: str) -> int:
    return sum(1 for found in _names_in(node) if found.value == name)


def _target_occurrences(statement: cst.SimpleStatementLine, name: str) -> int:
    count = 0
    for small in statement.body:
        targets = []
        if isinstance(small, cst.Assign):
            targets = [target.target for target in small.targets]
        elif isinstance(small, (cst.AnnAssign, cst.AugAssign)):
            targets = [small.target]
        for target in targets:
            count += sum(1 for found in _names_in(target) if found.value == name)
        if isinstance(small, cst.AnnAssign):
            count += sum(1 for found in _names_in(small.annotation) if found.value == name)
    return count


def _header(statement: cst.CSTNode) -> cst.CSTNode:
    if isinstance(statement, cst.If):
        return statement.test
    if isinstance(statement, cst.For):
        return statement.iter
    if isinstance(statement, cst.With):
        return cst.Tuple([cst.Element(item.item) for item in statement.items])
    return statement


def _read_after(function: cst.FunctionDef, statement: cst.CSTNode, name: str) -> bool:
    """True when `name` occurs in `function` after `statement` (inside it, for a compound one)."""
    seen = False
    for stmt in _flat_statements(function.body):
        if stmt is statement:
            seen = True
            if not isinstance(statement, cst.SimpleStatementLine):
                body_names = [n for block in _child_blocks(statement) for n in _names_in(block)]
                if any(found.value == name for found in body_names):
                    return True
            continue
        if seen and not _contains(statement, stmt) and any(found.value == name for found in _names_in(stmt)):
            return True
    return False


def _contains(outer: cst.CSTNode, inner: cst.CSTNode) -> bool:
    if isinstance(outer, cst.SimpleStatementLine):
        return False
    return any(inner is stmt for block in _child_blocks(outer) for stmt in _flat_statements(block))


def _flat_statements(block) -> Iterator[cst.CSTNode]:
    """Every statement of a block in source order, descending into compound statements (their
    header is the compound statement itself), not into nested functions or classes."""
    body = block.body if not isinstance(block, cst.SimpleStatementSuite) else [block]
    for stmt in body:
        yield stmt
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef, cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            continue
        for child in _child_blocks(stmt):
            yield from _flat_statements(child)


def _child_blocks(stmt: cst.CSTNode) -> list:
    blocks = []
    body = getattr(stmt, "body", None)
    if isinstance(body, cst.BaseSuite):
        blocks.append(body)
    for handler in getattr(stmt, "handlers", ()) or ():
        blocks.append(handler.body)
    orelse = getattr(stmt, "orelse", None)
    if isinstance(orelse, cst.If):
        blocks.append(cst.IndentedBlock(body=[orelse]))
    elif isinstance(orelse, cst.Else):
        blocks.append(orelse.body)
    final = getattr(stmt, "finalbody", None)
    if final is not None:
        blocks.append(final.body)
    return blocks


def _small_targets(small: cst.BaseSmallStatement) -> frozenset[str]:
    names: set[str] = set()
    if isinstance(small, cst.Assign):
        for target in small.targets:
            names |= _target_names(target.target)
    elif isinstance(small, (cst.AnnAssign, cst.AugAssign)):
        names |= _target_names(small.target)
    return frozenset(names)


def _target_names(target: cst.BaseExpression) -> set[str]:
    if isinstance(target, cst.Name):
        return {target.value}
    if isinstance(target, (cst.Tuple, cst.List)):
        found: set[str] = set()
        for element in target.elements:
            found |= _target_names(element.value)
        return found
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    return set()


def _import_names(small) -> list[str]:
    if isinstance(getattr(small, "names", None), cst.ImportStar):
        return []
    names = []
    for alias in small.names:
        if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
            names.append(alias.asname.name.value)
        else:
            head = _head_name(alias.name)
            if head is not None:
                names.append(head)
    return names


_NEW_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)


def _assigned_names(block: cst.CSTNode) -> set[str]:
    """Names bound anywhere in a block (not inside nested functions, classes, comprehensions)."""
    names: set[str] = set()
    for node in iter_nodes(block, prune=lambda n: isinstance(n, _NEW_SCOPES)):
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            names.add(node.name.value)
        elif isinstance(node, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.NamedExpr, cst.For)):
            names |= _target_names(node.target)
        elif isinstance(node, cst.AsName):
            names |= _target_names(node.name)
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            names |= {item.name.value for item in node.names}
        elif isinstance(node, cst.ImportAlias) and node.asname is None:
            head = _head_name(node.name)
            if head is not None:
                names.add(head)
    return names


def _assigned_names_stmt(stmt: cst.CSTNode) -> set[str]:
    return _assigned_names(stmt)

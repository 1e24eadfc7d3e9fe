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

import ast

from codemods import jaxapi
from codemods.analysis.shardmap import (
    NOT_LITERAL,
    FunctionDef,
    FunctionNode,
    MeshInfo,
    ModuleScope,
    ShardMapUse,
    Spec,
    SpecTree,
    call_args,
    child_blocks,
    find_shard_maps,
    import_names,
    iter_nodes,
    literal_value,
    param_default,
    parse_mesh,
    parse_spec,
    positional_params,
    string_value,
    target_names,
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
    arg_nodes: tuple[ast.expr, ...] = ()
    keyword_nodes: tuple[tuple[str, ast.expr], ...] = ()


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
    REDUCED_WITH_REPLICATED = "reduced-with-replicated"  # SF106: arithmetic, pmean's division


@dataclass(frozen=True)
class Site:
    """One collective call (or, for SF106, one operation) whose input state was known enough to judge."""

    call: ast.expr = field(repr=False)  # the Call; for an operator, the BinOp or Compare
    name: str  # canonical: jax.lax.psum; an operator: '*'
    arg: ast.expr = field(repr=False)  # the input expression (the reduced operand)
    axes: tuple[str, ...]
    axes_node: ast.expr | None = field(repr=False)
    to: str | None  # all_gather's to= (None for other collectives)
    value: AxisState
    transfer: jaxapi.Transfer | None = field(repr=False)  # None: not a collective
    statement: ast.stmt | None = field(repr=False)  # a new line may go before it (None: wrap only)
    function: FunctionNode = field(repr=False)
    # SF106: what the reduced value meets, replicated on its reduced axes ("the constant `2`").
    partner: str = ""

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
    out_specs: ast.expr | None = field(repr=False)


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
    static_scopes: tuple[FunctionDef, ...] | None = None
    opaque: bool = False  # names from here are unknown (e.g. an enclosing shard_map body)
    loops: int = 0
    returns: list[tuple[ast.Return | None, Value]] = field(default_factory=list)
    local_names: frozenset[str] = frozenset()  # names the function binds (params and locals)
    statement: ast.stmt | None = None
    statement_target: frozenset[str] = frozenset()  # names the current statement assigns


@dataclass
class BodyRun:
    """The analysis of one shard_map use."""

    use: ShardMapUse
    mesh: MeshInfo | None
    returns: list[tuple[ast.Return | None, Value]] = field(default_factory=list)
    analysed: bool = False


@dataclass
class Analysis:
    problems: list[Problem] = field(default_factory=list)
    runs: list[BodyRun] = field(default_factory=list)
    sites: list[Site] = field(default_factory=list)  # every judged site (for tests and debugging)


# Statements with no statements inside: each is one step, and may get a new line above it.
_SIMPLE = (ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr, ast.Return, ast.Raise, ast.Assert, ast.Global,
           ast.Nonlocal, ast.Delete, ast.Import, ast.ImportFrom, ast.Pass, ast.Break, ast.Continue)
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)


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
        if use.body is None or use.check is not True or any(arg.star for arg in use.bound_args):
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
        keywords = {arg.keyword: self.eval(arg.value, call_frame) for arg in use.bound_args if arg.keyword is not None}
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
        if isinstance(use.axis_names, ast.Set):
            names = [string_value(element) for element in use.axis_names.elts]
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
        params = use.body.args
        positional = positional_params(params)
        bound_positional = [arg for arg in use.bound_args if arg.keyword is None]
        bound_keywords = {arg.keyword for arg in use.bound_args if arg.keyword is not None}
        free = [param for param in positional[len(bound_positional):] if param.arg not in bound_keywords]
        tree = parse_spec(self.scope, use.in_specs, use.call_scopes) if use.in_specs is not None else None
        if isinstance(tree, tuple):
            return [self._tree_value(item, manual) for item in tree]
        # One spec applies to every argument; a parameter with a default may not be passed at all.
        required = [param for param in free if param_default(params, param) is None]
        state = spec_state(tree, manual) if isinstance(tree, Spec) else UNKNOWN
        return [state for _ in required]

    def _tree_value(self, tree: SpecTree, manual) -> Value:
        if isinstance(tree, Spec):
            return spec_state(tree, manual)
        if isinstance(tree, tuple):
            return TupleValue(tuple(self._tree_value(item, manual) for item in tree))
        return UNKNOWN

    def _static_frame(self, scopes: tuple[FunctionDef, ...]) -> Frame:
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
        if not self._bind_params(node.args, args, keywords, frame):
            return None
        self.function_runs[id(node)] = self.function_runs.get(id(node), 0) + 1
        self.call_depth += 1
        try:
            if isinstance(node, ast.Lambda):
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

    def _locals_of(self, node: FunctionDef) -> frozenset[str]:
        key = id(node)
        if key not in self._assigned:
            self._assigned[key] = frozenset(_assigned_names(node.body))
        return self._assigned[key]

    def _bind_params(self, params: ast.arguments, args: list[Value], keywords: dict[str, Value], frame: Frame) -> bool:
        positional = positional_params(params)
        if len(args) > len(positional) and params.vararg is None:
            return False
        for index, param in enumerate(positional + list(params.kwonlyargs)):
            name = param.arg
            if index < len(args) and index < len(positional):
                frame.vars[name] = args[index]
            elif name in keywords:
                frame.vars[name] = keywords[name]
            elif (default := param_default(params, param)) is not None:
                frame.vars[name] = self._default(default)
            else:
                return False
        for param in (params.vararg, params.kwarg):
            if param is not None:
                frame.vars[param.arg] = UNKNOWN
        return True

    def _default(self, node: ast.expr) -> Value:
        value = literal_value(node)
        return Const(value) if value is not NOT_LITERAL else UNKNOWN

    # -- statements --------------------------------------------------------------------------
    def exec_block(self, block: list[ast.stmt], frame: Frame, header_line: int = 0) -> None:
        """Run a block; `header_line` is the line its compound statement's header ends on (a
        statement sharing it, or a line with another statement, gets no new line above it)."""
        previous_end = header_line
        for index, stmt in enumerate(block):
            following = block[index + 1].lineno if index + 1 < len(block) else None
            alone = stmt.lineno > previous_end and (following is None or following > stmt.end_lineno)
            previous_end = stmt.end_lineno
            self.exec_stmt(stmt, frame, alone)

    def exec_stmt(self, stmt: ast.stmt, frame: Frame, alone: bool = True) -> None:
        if isinstance(stmt, _SIMPLE):
            frame.statement = stmt if alone else None
            frame.statement_target = _small_targets(stmt)
            self.exec_small(stmt, frame)
            frame.statement = None
            frame.statement_target = frozenset()
            return
        handler = getattr(self, "exec_" + type(stmt).__name__, None)
        if handler is not None:
            handler(stmt, frame)
        else:  # match, class: whatever they bind is unknown
            self._forget(_assigned_names([stmt]), frame)
            if isinstance(stmt, ast.ClassDef):
                frame.vars[stmt.name] = UNKNOWN

    def exec_small(self, small: ast.stmt, frame: Frame) -> None:
        if isinstance(small, ast.Assign):
            value = self.eval(small.value, frame)
            for target in small.targets:
                self.assign(target, value, frame)
        elif isinstance(small, ast.AnnAssign):
            if small.value is not None:
                self.assign(small.target, self.eval(small.value, frame), frame)
        elif isinstance(small, ast.AugAssign):
            left = self.eval(small.target, frame)
            right = self.eval(small.value, frame)
            op = _BINARY_OPERATORS.get(type(small.op), "?")
            self.assign(small.target, self.binary(op, left, right), frame)
        elif isinstance(small, ast.Expr):
            self.eval(small.value, frame)
        elif isinstance(small, ast.Return):
            value = self.eval(small.value, frame) if small.value is not None else Const(None)
            frame.returns.append((small, value))
            raise _Dead
        elif isinstance(small, ast.Raise):
            raise _Dead
        elif isinstance(small, ast.Assert):
            self.eval(small.test, frame)
        elif isinstance(small, (ast.Global, ast.Nonlocal)):
            for name in small.names:
                frame.vars[name] = UNKNOWN
        elif isinstance(small, ast.Delete):
            for target in small.targets:
                self._forget(target_names(target), frame)
        elif isinstance(small, (ast.Import, ast.ImportFrom)):
            for name in import_names(small):
                frame.vars.pop(name, None)  # resolved through the import table
                frame.vars[name] = self._module_name(name)
        # pass, break, continue: nothing to follow

    def exec_FunctionDef(self, stmt: FunctionDef, frame: Frame) -> None:
        self._note_parent(stmt, frame.function)
        frame.vars[stmt.name] = Function(stmt, frame) if not stmt.decorator_list else UNKNOWN

    exec_AsyncFunctionDef = exec_FunctionDef

    def exec_If(self, stmt: ast.If, frame: Frame) -> None:
        frame.statement = stmt
        self.eval(stmt.test, frame)
        frame.statement = None
        self._branches(frame, [(stmt.body, stmt.test.end_lineno), _else_of(stmt)])

    def _branches(self, frame: Frame, blocks: list) -> None:
        """Run alternative blocks from the same state and join what they leave."""
        before = dict(frame.vars)
        outcomes: list[dict[str, Value]] = []
        for block in blocks:
            frame.vars = dict(before)
            try:
                if block is None:
                    pass
                elif isinstance(block, ast.If):  # elif: its test has no line of its own
                    self.eval(block.test, frame)
                    self._branches(frame, [(block.body, block.test.end_lineno), _else_of(block)])
                else:
                    self.exec_block(block[0], frame, block[1])
                outcomes.append(frame.vars)
            except _Dead:
                pass
        if not outcomes:
            frame.vars = before
            raise _Dead
        # A local name some paths leave unbound raises on those paths where it is read next, so
        # a read sees only what the binding paths gave it.
        unbound = frame.local_names - set(before)
        merged = outcomes[0]
        for other in outcomes[1:]:
            names = set(merged) | set(other)
            merged = {name: _join_paths(merged, other, name, name in unbound) for name in names}
        frame.vars = merged

    def exec_For(self, stmt: ast.For | ast.AsyncFor, frame: Frame) -> None:
        frame.statement = stmt
        self.eval(stmt.iter, frame)
        frame.statement = None
        self._loop(frame, stmt.body, _assigned_names(stmt.body) | target_names(stmt.target), stmt.orelse,
                   stmt.iter.end_lineno)

    exec_AsyncFor = exec_For

    def exec_While(self, stmt: ast.While, frame: Frame) -> None:
        names = _assigned_names(stmt.body)
        self._forget(names, frame)
        frame.loops += 1
        try:
            self.eval(stmt.test, frame)
        finally:
            frame.loops -= 1
        self._loop(frame, stmt.body, names, stmt.orelse, stmt.test.end_lineno)

    def _loop(self, frame: Frame, body: list[ast.stmt], names: set[str], orelse: list[ast.stmt],
              header_line: int) -> None:
        """Loops give unknown: everything the body binds is unknown in it and after it."""
        self._forget(names, frame)
        frame.loops += 1
        before = dict(frame.vars)
        try:
            self.exec_block(body, frame, header_line)
        except _Dead:
            pass
        finally:
            frame.loops -= 1
        frame.vars = before
        if orelse:
            try:
                self.exec_block(orelse, frame)
            except _Dead:
                pass
            self._forget(_assigned_names(orelse), frame)

    def exec_With(self, stmt: ast.With | ast.AsyncWith, frame: Frame) -> None:
        frame.statement = stmt
        header_line = stmt.lineno
        for item in stmt.items:
            self.eval(item.context_expr, frame)
            header_line = max(header_line, item.context_expr.end_lineno)
            if item.optional_vars is not None:
                self._forget(target_names(item.optional_vars), frame)
                header_line = max(header_line, item.optional_vars.end_lineno)
        frame.statement = None
        self.exec_block(stmt.body, frame, header_line)

    exec_AsyncWith = exec_With

    def exec_Try(self, stmt: ast.Try, frame: Frame) -> None:
        names = _assigned_names([stmt])
        blocks = [stmt.body] + [handler.body for handler in stmt.handlers] + [stmt.orelse, stmt.finalbody]
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

    def assign(self, target: ast.expr, value: Value, frame: Frame) -> None:
        if isinstance(target, ast.Name):
            frame.vars[target.id] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            elements = target.elts
            if any(isinstance(element, ast.Starred) for element in elements):
                self._forget(target_names(target), frame)
                return
            items = self._unpack(value, len(elements))
            for element, item in zip(elements, items):
                self.assign(element, item, frame)
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
    def eval(self, expr: ast.expr | None, frame: Frame) -> Value:
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

    def eval_Name(self, expr: ast.Name, frame: Frame) -> Value:
        return self.lookup(expr.id, frame)

    def eval_Constant(self, expr: ast.Constant, frame: Frame) -> Value:
        value = literal_value(expr)
        return Const(value) if value is not NOT_LITERAL else STATIC  # bytes, complex, ...

    def eval_JoinedStr(self, expr, frame) -> Value:
        return STATIC

    def eval_Tuple(self, expr: ast.Tuple | ast.List, frame: Frame) -> Value:
        items = []
        for element in expr.elts:
            if isinstance(element, ast.Starred):
                self.eval(element.value, frame)
                return UNKNOWN
            items.append(self.eval(element, frame))
        return TupleValue(tuple(items))

    eval_List = eval_Tuple

    def eval_Set(self, expr: ast.Set, frame) -> Value:
        for element in expr.elts:
            self.eval(element.value if isinstance(element, ast.Starred) else element, frame)
        return STATIC

    def eval_Dict(self, expr: ast.Dict, frame: Frame) -> Value:
        for key, value in zip(expr.keys, expr.values):
            if key is not None:
                self.eval(key, frame)
            self.eval(value, frame)
        return UNKNOWN

    def eval_Lambda(self, expr: ast.Lambda, frame: Frame) -> Value:
        return Function(expr, frame)

    def eval_IfExp(self, expr: ast.IfExp, frame: Frame) -> Value:
        self.eval(expr.test, frame)
        return join(self.eval(expr.body, frame), self.eval(expr.orelse, frame))

    def eval_NamedExpr(self, expr: ast.NamedExpr, frame: Frame) -> Value:
        value = self.eval(expr.value, frame)
        self.assign(expr.target, value, frame)
        return value

    def eval_BinOp(self, expr: ast.BinOp, frame: Frame) -> Value:
        # Left-leaning chains (a + b + c + ...) are walked iteratively, so long sums never
        # exhaust the expression depth.
        chain = []
        node: ast.expr = expr
        while isinstance(node, ast.BinOp) and len(chain) < 10_000:
            chain.append(node)
            node = node.left
        value = self.eval(node, frame)
        for link in reversed(chain):
            right = self.eval(link.right, frame)
            op = _BINARY_OPERATORS.get(type(link.op), "?")
            if op in jaxapi.REDUCED_REJECTING_BINARY:
                self._judge_replicated(link, op, [(value, link.left), (right, link.right)], frame)
            value = self.binary(op, value, right)
        return value

    def binary(self, op: str, left: Value, right: Value) -> Value:
        a, b = as_array(left), as_array(right)
        if isinstance(left, Const) and isinstance(right, Const):
            return STATIC
        if a is None or b is None:
            return UNKNOWN
        keeps = op in jaxapi.REDUCED_KEEPING_BINARY and isinstance(left, AxisState) and isinstance(right, AxisState)
        return elementwise([a, b], keeps)

    def eval_UnaryOp(self, expr: ast.UnaryOp, frame: Frame) -> Value:
        value = self.eval(expr.operand, frame)
        if isinstance(value, (Const, Static)):
            return STATIC
        array = as_array(value)
        if array is None:
            return UNKNOWN
        keeps = isinstance(expr.op, (ast.USub, ast.UAdd))
        return elementwise([array], keeps, why=array.why)

    def eval_BoolOp(self, expr: ast.BoolOp, frame: Frame) -> Value:
        for value in expr.values:
            self.eval(value, frame)
        return UNKNOWN

    def eval_Compare(self, expr: ast.Compare, frame: Frame) -> Value:
        operands = [self.eval(expr.left, frame)] + [self.eval(item, frame) for item in expr.comparators]
        nodes = [expr.left] + list(expr.comparators)
        for index, op in enumerate(expr.ops):
            symbol = _COMPARISONS.get(type(op), "?")
            if symbol in jaxapi.REDUCED_REJECTING_BINARY:
                pair = [(operands[index], nodes[index]), (operands[index + 1], nodes[index + 1])]
                if self._judge_replicated(expr, symbol, pair, frame):
                    break
        if all(isinstance(value, (Const, Static)) for value in operands):
            return STATIC
        arrays = [as_array(value) for value in operands]
        if any(array is None for array in arrays):
            return UNKNOWN
        return elementwise(arrays, keeps_reduced=False)

    def eval_Subscript(self, expr: ast.Subscript, frame: Frame) -> Value:
        value = self.eval(expr.value, frame)
        elements = expr.slice.elts if isinstance(expr.slice, ast.Tuple) else [expr.slice]
        indices: list[Value] = []
        for index in elements:
            if isinstance(index, ast.Slice):
                for part in (index.lower, index.upper, index.step):
                    if part is not None:
                        indices.append(self.eval(part, frame))
            else:
                indices.append(self.eval(index, frame))
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

    def eval_Attribute(self, expr: ast.Attribute, frame: Frame) -> Value:
        receiver = self.eval(expr.value, frame)
        attr = expr.attr
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

    def eval_Call(self, expr: ast.Call, frame: Frame) -> Value:
        if isinstance(expr.func, ast.Attribute):
            receiver = self.eval(expr.func.value, frame)
            method = expr.func.attr
            args, keywords, starred = self._eval_args(expr, frame)
            if method in jaxapi.REDUCED_REJECTING_METHODS and isinstance(receiver, AxisState) and not starred:
                self._judge_replicated(expr, f".{method}()", [(receiver, expr.func.value)], frame)
            if isinstance(receiver, JaxName):
                callee = JaxName(jaxapi.canonical(f"{receiver.name}.{method}"))
                return self.call(callee, expr, args, keywords, starred, frame)
            return self.call_method(receiver, method, args, keywords, starred)
        callee = self.eval(expr.func, frame)
        args, keywords, starred = self._eval_args(expr, frame)
        return self.call(callee, expr, args, keywords, starred, frame)

    def _eval_args(self, expr: ast.Call, frame: Frame):
        args: list[tuple[Value, ast.expr]] = []
        keywords: dict[str, tuple[Value, ast.expr]] = {}
        starred = False
        for arg in call_args(expr):
            value = self.eval(arg.value, frame)
            if arg.star:
                starred = True
            elif arg.keyword is not None:
                keywords[arg.keyword] = (value, arg.value)
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

    def call(self, callee: Value, expr: ast.Call | None, args, keywords, starred, frame: Frame) -> Value:
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
        if name in jaxapi.REDUCED_REJECTING_FUNCTIONS and expr is not None and args and not starred:
            self._judge_replicated(expr, name, [args[0]], frame)
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
        if isinstance(func, Function) and isinstance(func_node, ast.Name):
            self.analysed_refs.setdefault(id(func.node), set()).add(id(func_node))
        result = self.call(func, None, list(trees), {}, False, frame)
        return result if isinstance(result, AxisState) else UNKNOWN

    def call_function(self, function: Function, expr: ast.Call | None, args, keywords, starred) -> Value:
        if starred:
            return UNKNOWN
        if expr is not None and isinstance(expr.func, ast.Name):
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
    def collective(self, name: str, expr: ast.Call | None, args, keywords, starred, frame: Frame) -> Value:
        transfer = jaxapi.TRANSFERS[name]
        if starred:
            return UNKNOWN
        bound: dict[str, tuple[Value, ast.expr]] = {}
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
        if problem is None and transfer.divides and _reduced_outside(value, axes):
            problem = Problem(Kind.REDUCED_WITH_REPLICATED, replace(site, partner="the axis size it divides by"),
                              (), jaxapi.ERR_REDUCED_WITH_REPLICATED, fixable=False, mesh=self.mesh)
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
        if fixable and isinstance(site.arg, ast.Name) and self._can_rebind(site.arg.id, site, frame):
            rebind = site.arg.id
        return replace(problem, rebind=rebind, fixable=fixable, note=note, mesh=self.mesh)

    def _can_rebind(self, name: str, site: Site, frame: Frame) -> bool:
        """A new line `name = pcast(name, ...)` before the statement is as good as a wrap only when
        nothing else reads `name` afterwards (or the statement itself rebinds it)."""
        statement = frame.statement
        if statement is None or frame.loops or name not in frame.local_names or frame.function is None:
            return False
        if isinstance(frame.function, ast.Lambda):
            return False
        simple = isinstance(statement, _SIMPLE)
        reads = sum(_name_count(node, name) for node in ([statement] if simple else _header(statement)))
        if simple and name in frame.statement_target:
            reads -= _target_occurrences(statement, name)
            return reads == 1
        if reads != 1:
            return False
        return not _read_after(frame.function, statement, name)

    def _judge_replicated(self, node: ast.expr, name: str, operands: list[tuple[Value, ast.expr]],
                          frame: Frame) -> bool:
        """JAX rejects a reduced operand beside one replicated (a constant, or invariant) on its
        reduced axes; one operand alone stands for a function that adds constants itself (mean).
        Records a verdict only when every state involved is known; True when it is a problem."""
        if frame.function is None:
            return False
        for index, (value, arg) in enumerate(operands):
            if not isinstance(value, AxisState) or value.mixed or value.rest is R:
                continue
            axes = tuple(axis for axis, state in value.named if state is R)
            if not axes:
                continue
            others = [item for position, item in enumerate(operands) if position != index]
            partner, undecided = self._replicated_partner(others, axes)
            if partner is None and undecided:
                return False
            site = Site(node, name, arg, axes, None, None, value, None, frame.statement, frame.function,
                        partner or "")
            problem = None
            if partner is not None:
                problem = Problem(Kind.REDUCED_WITH_REPLICATED, site, (), jaxapi.ERR_REDUCED_WITH_REPLICATED,
                                  fixable=False, mesh=self.mesh)
            self._record(site, problem)
            return problem is not None
        return False

    def _replicated_partner(self, others: list[tuple[Value, ast.expr]], axes: tuple[str, ...]) -> tuple[str | None, bool]:
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

    def _bound_value(self, name: str, bindings, scopes: tuple[FunctionDef, ...]) -> Value:
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
        file."""
        if isinstance(function, ast.Lambda) or id(function) in self.decorated_bodies:
            return True
        name = function.name
        analysed = self.analysed_refs.get(id(function), set())
        parent = self.parents.get(id(function))
        if parent is None:
            return len(analysed) >= self.scope.references(name)
        return self._references_in(parent).get(name, set()) <= analysed

    def _references_in(self, node: ast.AST) -> dict[str, set[int]]:
        key = id(node)
        if key not in self._references:
            self._references[key] = _references(node)
        return self._references[key]

    def _note_parent(self, function: FunctionNode, parent: FunctionNode | None) -> None:
        if isinstance(function, _DEFS):
            self.parents.setdefault(id(function), parent)




def _references(node: ast.AST) -> dict[str, set[int]]:
    """Ids of the Name nodes under `node` that may refer to each name (`ast` keeps attribute
    tails, keywords, parameters and the names of defs apart from Name nodes)."""
    refs: dict[str, set[int]] = {}
    for found in iter_nodes(node):
        if isinstance(found, ast.Name):
            refs.setdefault(found.id, set()).add(id(found))
    return refs


def analyse_module(tree: ast.Module, imports, target: jaxapi.Version, source: str | None = None) -> Analysis:
    """Find every shard_map body of the module, follow its values, and return the problems.
    `source` (the text of `tree`) lets the search skip statements that cannot name shard_map."""
    scope = ModuleScope(tree, imports, source)
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


def _out_needs(value: Value, tree: SpecTree, site: Site, out_specs: ast.expr) -> list[OutSpecNeed]:
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


_BINARY_OPERATORS = {
    ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%", ast.Pow: "**",
    ast.MatMult: "@", ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^",
}
_COMPARISONS = {
    ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Is: "is",
    ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in",
}
_BUILTIN_NAMES = frozenset(BUILTINS_STATIC | {"sum", "abs", "round", "map", "filter", "sorted", "reversed", "dict", "set"})


# ---------------------------------------------------------------------------------------------
# Small syntactic helpers
# ---------------------------------------------------------------------------------------------
def _join_paths(left: dict[str, Value], right: dict[str, Value], name: str, may_be_unbound: bool) -> Value:
    if may_be_unbound and name not in left:
        return right[name]
    if may_be_unbound and name not in right:
        return left[name]
    return join(left.get(name, UNKNOWN), right.get(name, UNKNOWN))


def _else_of(stmt: ast.If):
    """What follows an if's body: None, an `elif` (the If itself, at the if's own indentation),
    or an else block with the line its header ends on unknown (0)."""
    if not stmt.orelse:
        return None
    first = stmt.orelse[0]
    if len(stmt.orelse) == 1 and isinstance(first, ast.If) and first.col_offset == stmt.col_offset:
        return first
    return (stmt.orelse, 0)


def _names_in(node: ast.AST) -> list[ast.Name]:
    return [found for found in iter_nodes(node) if isinstance(found, ast.Name)]


def _name_count(node: ast.AST, name: str) -> int:
    return sum(1 for found in _names_in(node) if found.id == name)


def _target_occurrences(statement: ast.stmt, name: str) -> int:
    targets: list[ast.AST] = []
    if isinstance(statement, ast.Assign):
        targets = list(statement.targets)
    elif isinstance(statement, ast.AugAssign):
        targets = [statement.target]
    elif isinstance(statement, ast.AnnAssign):
        targets = [statement.target, statement.annotation]
    return sum(_name_count(target, name) for target in targets)


def _header(statement: ast.stmt) -> list[ast.AST]:
    """The parts of a compound statement run before its body."""
    if isinstance(statement, (ast.If, ast.While)):
        return [statement.test]
    if isinstance(statement, (ast.For, ast.AsyncFor)):
        return [statement.iter]
    if isinstance(statement, (ast.With, ast.AsyncWith)):
        return [item.context_expr for item in statement.items]
    return [statement]


def _read_after(function: FunctionDef, statement: ast.stmt, name: str) -> bool:
    """True when `name` occurs in `function` after `statement` (inside it, for a compound one)."""
    seen = False
    for stmt in _flat_statements(function.body):
        if stmt is statement:
            seen = True
            if not isinstance(statement, _SIMPLE):
                body_names = [n for block in child_blocks(statement) for s in block for n in _names_in(s)]
                if any(found.id == name for found in body_names):
                    return True
            continue
        if seen and not _contains(statement, stmt) and any(found.id == name for found in _names_in(stmt)):
            return True
    return False


def _contains(outer: ast.stmt, inner: ast.stmt) -> bool:
    if isinstance(outer, _SIMPLE):
        return False
    return any(inner is stmt for block in child_blocks(outer) for stmt in _flat_statements(block))


def _flat_statements(block: list[ast.stmt]) -> Iterator[ast.stmt]:
    """Every statement of a block in source order, descending into compound statements (their
    header is the compound statement itself), not into nested functions or classes."""
    for stmt in block:
        yield stmt
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef) + _SIMPLE):
            continue
        for child in child_blocks(stmt):
            yield from _flat_statements(child)


def _small_targets(small: ast.stmt) -> frozenset[str]:
    names: set[str] = set()
    if isinstance(small, ast.Assign):
        for target in small.targets:
            target_names(target, names)
    elif isinstance(small, (ast.AnnAssign, ast.AugAssign)):
        target_names(small.target, names)
    return frozenset(names)


_NEW_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda, ast.ListComp, ast.SetComp,
               ast.DictComp, ast.GeneratorExp)


def _assigned_names(block: list[ast.stmt]) -> set[str]:
    """Names bound anywhere in a block (not inside nested functions, classes, comprehensions)."""
    names: set[str] = set()
    for stmt in block:
        for node in iter_nodes(stmt, prune=lambda n: isinstance(n, _NEW_SCOPES)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    target_names(target, names)
            elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr, ast.For, ast.AsyncFor)):
                target_names(node.target, names)
            elif isinstance(node, ast.withitem) and node.optional_vars is not None:
                target_names(node.optional_vars, names)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                names.add(node.name)
            elif isinstance(node, (ast.Global, ast.Nonlocal)):
                names.update(node.names)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names.update(import_names(node))
            elif isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
                names.add(node.name)
            elif isinstance(node, ast.MatchMapping) and node.rest:
                names.add(node.rest)
    return names

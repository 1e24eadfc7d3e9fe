"""State runs: a script run (script_run.py) that follows, inside each shard_map body, every array's
per-axis state and stops where JAX rejects an operation on it (issue 13).

A body's axis names, specs and even the collectives it calls are often chosen by configuration
machinery (registries, decorators, configs interpolated from strings) that reading the code does
not follow; running the script does. JAX types each array in a body by the axes it varies on
(jax-collectives.md): its entry state comes from its in_specs entry (values.spec_state), every
operation computed per device transforms it as the transfer tables measured on JAX say
(transfer.py), and every collective as collective_calls.py says. At each collective (and each
operation SF106 judges) the site goes to the judge the rules hand in (sites.Judge); the first
problem it finds ends the run, as JAX's error ends the program: later lines are never reached.

Certainty: a state is kept only where it is exact. An operation not modelled gives an array of
unknown state; where such an array may be reduced or unreduced (some value in this body was),
an operation that might reject it stops the run (Bail), and so does any collective whose input
state is not known: JAX might raise there, so nothing after it is certain. How the arguments
enter a body (and JAX's checks before it is traced) is in body_entries.py.
"""
from __future__ import annotations

import ast
from dataclasses import replace

from codemods import jaxapi
from codemods.analysis.argument_binding import bind
from codemods.analysis.array_dtypes import DType
from codemods.analysis import caught_stops, debug_callbacks, index_operands, script_pytree_nodes as pytree, transfer, unfollowed_states
from codemods.analysis.body_entries import Mislaid, MislaidStop, entry_arguments, names_reduced
from codemods.analysis.collective_calls import collective_gives
from codemods.analysis.host_exprs import Break, Continue, Raised, Return
from codemods.analysis.host_objects import Bail
from codemods.analysis.handed_errors import MAX_AGAIN, agrees, at_stop, ended, set_raise_at
from codemods.analysis.number_slots import without_number_slots
from codemods.analysis.script_values import (Arr, Bound, GatherStop, Lib, NTup, Opaque, StrMember, UFunc, identity,
                                             map_tree)
from codemods.analysis.sites import Site
from codemods.analysis.unknown_numbers import number, number_kind, of_numbers
from codemods.analysis.state_transforms import Transforms, cast_reduced, cast_states
from codemods.analysis import nn_initializers
from codemods.analysis.nn_initializers import Initializer
from codemods.analysis.transfer_keys import case_keys
from codemods.analysis.mesh_unknowns import unsure
from codemods.analysis.plain_states import plain_collective
from codemods.analysis import state_updates
from codemods.analysis.values import (CONSTANT, STATIC, UNKNOWN, AxisState, Const, JaxName, State, StaticNumber,
                                      TupleValue, replicated_partner)

V, I, R, U, Q = State.VARYING, State.INVARIANT, State.REDUCED, State.UNREDUCED, State.UNKNOWN
_CASTS = ("pcast", "pvary", "preduced")
_COLLECTIVE_KEYWORDS = frozenset({"x", "axis_name", "to", "tiled", "axis", "perm", "split_axis", "concat_axis",
                                  "scatter_dimension", "axis_index_groups"})
_OTHER_COLLECTIVES = frozenset({"pbroadcast", "pshuffle", "psend", "precv", "pswapaxes", "ragged_all_to_all",
                                "psum_invariant", *jaxapi.COLLECTIVES})
_SHARDING_KEYWORDS = frozenset({"out_sharding", "sharding", "device", "out_shardings"})
_ARRAY_LIBRARIES = ("jax.numpy.", "jax.nn.", "jax.random.", "jax.scipy.", "jax.lax.")
# Library calls that hand arrays on as they are (their results are the run's own objects).
_PASSING = frozenset({"jax.tree.map", "jax.tree_util.tree_map", "jax.tree.leaves", "jax.tree_util.tree_leaves",
                      "jax.block_until_ready", "functools.partial"})


class StateStop(GatherStop):
    """The run reached an operation JAX rejects inside a shard_map body: what the judge found there."""

    def __init__(self, call: ast.AST, problem: object) -> None:
        super().__init__(call, "state")
        self.problem = problem


class BodyStates:
    """The states of one shard_map body as it runs (the run's `states` while it does)."""

    def __init__(self, run, mesh, judge, born: int) -> None:
        self.run, self.mesh, self.judge = run, mesh, judge
        self.born = born  # arrays made before the body began are constants in it (closed over)
        self.reducing = False  # some value of this body is (or was) reduced or unreduced
        self.again = False  # traced before in this run (script_jax.run_shard_map)
        self.transforms = Transforms()  # inside grad / vmap (state_transforms.py)
        self.updates: dict[int, str] = {}  # `x.at` and `x.at[i]` made in this body, by serial (state_updates.py)

    # -- what an array is ------------------------------------------------------------------------
    def state(self, array: Arr) -> AxisState:
        if array.state is not None:
            return array.state
        if array.host or array.serial < self.born:
            return CONSTANT  # a NumPy array, or an array closed over: invariant on every axis
        return UNKNOWN

    def value(self, item: object):
        """A run object as the analysis's Value (None: not one the tables know)."""
        kind = type(item)
        if kind is Arr:
            return self.state(item)
        if kind in (int, float, str, bool) or item is None:
            return Const(item)
        if kind is Opaque and (number_type := number_kind(self.run, item)) is not None:
            return StaticNumber(number_type)  # `float(np.min(y))`: a Python float (unknown_numbers.py)
        if kind is Opaque or kind is DType:
            return STATIC  # a shape or a dtype: a Python value, the same on every device
        if kind is Lib:
            return JaxName(item.name)
        if kind in (tuple, list):
            items = tuple(self.value(part) for part in item)
            return None if None in items else TupleValue(items)
        return None

    def risky(self, state: AxisState) -> bool:
        """The array may be reduced or unreduced: an operation may reject it."""
        return state.has(R) or state.has(U) or (self.reducing and state.has(Q))

    def made(self, state: AxisState) -> AxisState:
        if state.has(R) or state.has(U):
            self.reducing = True
        return state

    def untracked(self, operands: list) -> None:
        """An operation not modelled: its operands must be ones it cannot reject."""
        self.transforms.doubt()
        for operand in operands:
            for leaf in _arrays(operand):
                if self.risky(self.state(leaf)):
                    raise Bail

    # -- operations computed per device ----------------------------------------------------------
    def operation(self, node: ast.AST | None, name: str, rule, positional: list, keywords: dict,
                  nodes: list | None = None) -> AxisState:
        """The state of an operation computed per device (`rule`: its table entry, None if not one); stops
        the run where JAX rejects a reduced operand beside a replicated one, or may for a maybe-reduced one."""
        values = [self.value(item) for item in positional]
        named = {key: self.value(item) for key, item in keywords.items()}
        arrays = [leaf for item in [*positional, *keywords.values()] for leaf in _arrays(item)]
        states = [self.state(leaf) for leaf in arrays]
        risky = any(self.risky(state) for state in states)
        cast = cast_reduced(states, positional, keywords)  # (certain under grad if it gives no reduced value)
        if (risky or any(state.has(R) or state.has(U) for state in states)) and not cast:
            self.transforms.doubt()
        if (kept := unfollowed_states.unfollowed_state(name, states, self.judge.target)) and not kept.unknown:
            if cast:
                self.transforms.doubt()
            return kept  # `jnp.argsort(x)` of a varying or invariant x (unfollowed_states.py)
        if rule is None or None in values or None in named.values() or _SHARDING_KEYWORDS & set(keywords):
            self.transforms.doubt()
            if risky:
                raise Bail
            return UNKNOWN
        rule = rule.of_kinds([None if leaf.dtype is None else leaf.dtype.kind for leaf in arrays])
        if rule.rejects_replicated and node is not None:
            self._replicated(node, name, rule, values, named, nodes or [])
        pairs = {key: (value, None) for key, value in named.items()}
        why = states[0].why if len(states) == 1 else ""
        result = index_operands.observed_result(rule, values, states, pairs, why=why)  # (index_operands.py)
        if result is None:
            args = [(value, None) for value in values]
            kept = without_number_slots(rule, args, pairs) if len(states) > 1 else None
            operands = kept if kept is not None else states
            result = transfer.elementwise(operands, False, why=operands[0].why if len(operands) == 1 else "")
            if len(operands) > 1 and not all(op.same_state(operands[0]) for op in operands):
                single = transfer.observed_one_state(rule, values, operands, pairs)
                if single is not None:
                    result = replace(single, why=result.why)
                elif not rule.one_array:
                    result = replace(result, mixed=True)  # (a tuple whose items may differ: each is unknown)
        if cast and result.has(Q) and not any(state.has(Q) for state in states) and (casted := cast_states(states)):
            result = transfer.elementwise(casted, False, why="computed from values of different origins")
        if risky and result.has(Q):
            raise Bail
        if result.has(Q) or cast and (result.has(R) or result.has(U) or result.mixed):
            self.transforms.doubt()
        return self.made(result)

    def _replicated(self, node: ast.AST, name: str, rule, values: list, named: dict, nodes: list) -> None:
        """JAX rejects a reduced operand beside one replicated on its reduced axes (a number, an
        invariant array; alone: the constants a function like mean computes with)."""
        for index, value in enumerate(values):
            if not isinstance(value, AxisState) or value.mixed or value.rest is R:
                continue
            axes = tuple(axis for axis, state in value.named if state is R)
            if not axes:
                continue
            others = [(other, None) for position, other in enumerate(values) if position != index]
            partner, undecided = replicated_partner(others, axes)
            if partner is None:
                if undecided:
                    raise Bail
                return
            if not any(rule.raises_replicated(case_keys(rule, values, named, axis)) for axis in axes):
                return  # (the table does not show JAX raising: the result decides)
            arg = nodes[index] if index < len(nodes) and nodes[index] is not None else node
            site = Site(node, name, arg, axes, None, None, value, None, None, self.function(), partner)
            at_stop(self.run)  # (handed_errors.py)
            raise StateStop(node, self.judge.replicated(site))

    def function(self):
        return self.run.frames[-1][0].node if self.run.frames else None

    # -- library calls ---------------------------------------------------------------------------
    def library(self, name: str, args: list, kwargs: dict, compute) -> object:
        if name in transfer.collective_names():
            return self.collective(name, args, kwargs)
        if name == "jax.lax.axis_index":
            return self.axis_index(args, kwargs)
        if name == "jax.lax.axis_size":
            self.axes(args[0] if len(args) == 1 and not kwargs else None)
            return number(self.run)  # (a Python int, the same on every device: unknown_numbers.py)
        if name.startswith("jax.lax.") and name.rsplit(".", 1)[-1] in _OTHER_COLLECTIVES:
            raise Bail  # a collective the tables do not hold
        if not name.startswith(("jax.", "functools.")) and any(
                not leaf.host for leaf in _arrays([*args, *kwargs.values()])):
            raise Bail  # (NumPy or another library given a traced array: JAX raises there)
        result = compute()
        if type(result) is Arr and name.startswith(nn_initializers.PREFIX):
            return result  # (`zeros(key, shape)`: its state is that of the calls it made, nn_initializers.py)
        if type(result) is Arr and name.startswith(_ARRAY_LIBRARIES):
            if name == "jax.lax.stop_gradient" and len(args) == 1 and not kwargs and type(args[0]) is Arr:
                result.state = self.transforms.stopped_gradient(result, self.state(args[0]))  # every state kept (0.10.2)
                return result
            if (lax := transfer.function_as_lax(name, [self.value(arg) for arg in args], {
                    key: self.value(value) for key, value in kwargs.items()}, self.judge.target)) is not None:
                result.state = self.operation(None, name, lax, [args[0], Opaque()], {})  # (`jnp.transpose(x, axes)`)
                return result
            rule = transfer.elementwise_rule(name, self.judge.target)
            result.state = self.operation(self.run.node, name, rule, args, kwargs, _arg_nodes(self.run.node, args))
            self.transforms.passed_on(result, [*args, *kwargs.values()])  # (no tangent in, none out)
        elif type(result) is Initializer and not _arrays([*args, *kwargs.values()]):
            pass  # (a factory given options only: it traces nothing, nn_initializers.py)
        elif not name.startswith(("jax.", "functools.")):
            pass  # (`np.sqrt(head_dim)`: NumPy on host values, checked above; it traces nothing)
        elif name not in _PASSING and name not in debug_callbacks.NAMES:  # (any state: debug_callbacks.py)
            self.untracked([*args, *kwargs.values()])
        return result

    def axis_index(self, args: list, kwargs: dict) -> Arr:
        given = args[0] if len(args) == 1 and not kwargs else kwargs.get("axis_name") if not args else None
        axes = self.axes(given)
        return Arr(None, False, ndim=0, state=AxisState.of({axis: V for axis in axes}, I, "axis_index result"))

    def axes(self, given: object) -> tuple[str, ...]:
        if type(given) in (str, StrMember):
            axes = (str(given),)
        elif type(given) in (tuple, list) and given and all(type(axis) in (str, StrMember) for axis in given):
            axes = tuple(str(axis) for axis in given)
        else:
            raise Bail
        if not set(axes) <= set(self.mesh.names) or len(set(axes)) != len(axes):
            raise Bail  # (JAX raises another error: an axis not bound)
        return axes

    def collective(self, name: str, args: list, kwargs: dict) -> object:
        rule = transfer.collective_rule(name)
        bound = bind(rule.params, args, kwargs, keyword_only=_COLLECTIVE_KEYWORDS)
        if bound is None or "x" not in bound or "axis_name" not in bound or bound.get("axis_index_groups") is not None:
            raise Bail
        axes = self.axes(bound["axis_name"])
        short = name.rsplit(".", 1)[-1]
        to = None
        if rule.gives == "to":
            to = bound.get("to", rule.default_to)
            if type(to) not in (str, StrMember):
                raise Bail
            to = str(to)  # (a StrEnum member: JAX reads its str)
        gives = collective_gives(name, rule, to)
        if gives is None:
            raise Bail
        tree = bound["x"]
        if of_numbers(self.run, tree) and rule.reduction and short != "pmean":
            return Opaque()  # (a Python number: computed without tracing)
        node = self.run.node
        arg = _arg_node(node, len(args) >= 1, "x")
        axes_node = _arg_node(node, len(args) >= 2, "axis_name", 1)
        why = f"{short} result" if to in (None, V.value) and short != "pcast" else f"{short}(..., to={to!r}) result"

        def leaf(array: object) -> Arr:
            if type(array) is not Arr:
                raise Bail
            value = self.state(array)
            plain = plain_collective(self, value, axes, short)  # (unknown axes that cannot matter: plain_states.py)
            if value.mixed or unsure(value, self.mesh.names) and not plain \
                    or any(value.on(axis) is U for axis in axes) and short not in _CASTS:
                raise Bail  # (whether JAX raises here is not known)
            self.transforms.collective(short, value, gives, array)
            if short == "all_gather" and bound.get("tiled") is True and array.ndim == 0:
                raise Bail  # ("axis 0 is out of bounds for array of dimension 0" comes first)
            site = Site(node, name, arg, axes, axes_node, to if short == "all_gather" else None, value, rule, None,
                        self.function())
            if short not in _CASTS or gives is V and short != "preduced":
                problem = self.judge.collective(site)
                if problem is not None:
                    at_stop(self.run)
                    raise StateStop(node, problem)
            if short in _CASTS:
                result = transfer.pcast_result(value, axes, gives, why, short)
            else:
                result = transfer.collective_result(value, axes, gives, rule, why)
            if unsure(result, self.mesh.names) and not (plain and all(result.on(axis) is not Q for axis in axes)):
                raise Bail  # JAX rejects it (a cast from a state it does not take) or it is not known
            made = Arr(None, False, ndim=array.ndim if rule.reduction else None, state=self.made(result))
            self.transforms.passed_on(made, [array])
            return made

        return map_tree(tree, leaf, (Arr,))

    # -- operators -------------------------------------------------------------------------------
    def binary(self, node: ast.AST | None, op: type, left: object, right: object, result: object) -> None:
        if type(result) is not Arr:
            return
        symbol = _BINARY.get(op)
        if symbol is None:
            self.untracked([left, right])
            result.state = UNKNOWN
            return
        nodes = [node.left, node.right] if type(node) is ast.BinOp else [node.target, node.value] \
            if type(node) is ast.AugAssign else []
        rule = transfer.operator_rule(symbol, self.judge.target)
        result.state = self.operation(node, symbol, rule, [left, right], {}, nodes)
        self.transforms.passed_on(result, [left, right])

    def unary(self, op: type, operand: object, result: object) -> None:
        if type(result) is Arr and type(operand) is Arr:
            symbol = {ast.USub: "-x", ast.UAdd: "+x", ast.Invert: "~x"}.get(op, "?x")
            result.state = self.operation(None, symbol, transfer.operator_rule(symbol, self.judge.target), [operand], {})
            self.transforms.passed_on(result, [operand])

    def compare(self, node: ast.Compare, left: object, right: object, result: object) -> None:
        if type(result) is not Arr:
            return
        symbol = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}[type(node.ops[0])]
        rule = transfer.operator_rule(symbol, self.judge.target)
        result.state = self.operation(node, symbol, rule, [left, right], {}, [node.left, node.comparators[0]])

    def indexed(self, holder: Arr, result: Arr, indices: list, forward: bool = True) -> None:
        self._indexed(holder, result, indices, forward)
        self.transforms.passed_on(result, [holder, *indices])

    def _indexed(self, holder: Arr, result: Arr, indices: list, forward: bool) -> None:
        """`x[i]`: its state where the table shows indexing keep it (a reduced one too, unless a
        slice steps backwards: `rev` drops it); indexed by arrays, varying where any of them varies."""
        if state_updates.at_indexed(self, holder, result, indices):
            return
        state = self.state(holder)
        arrays = [self.state(index) for index in indices if type(index) is Arr]
        if arrays:
            states = [state, *arrays]
            if any(item.has(R) or item.has(U) or item.has(Q) or item.mixed for item in states):
                self.untracked([holder, *indices])
                result.state = UNKNOWN
            else:
                result.state = transfer.elementwise(states, False, why=state.why)
            return
        rule = transfer.operator_rule("x[...]", self.judge.target)
        if state.has(R) or state.has(U) or state.has(Q):
            self.transforms.doubt()
        if state.has(R) and not forward and not state.has(U) and not state.mixed and not state.has(Q):
            flipped = transfer.elementwise_rule("jax.numpy.flip", self.judge.target)  # `rev`, as `jnp.flip`
            observed = transfer.observed_result(flipped, [state], [state], why=state.why)
            if observed is not None:
                result.state = observed
                return
        if not state.has(U) and not state.mixed and not state.has(Q) and (
                not state.has(R) or forward and transfer.keeps_through(rule, [state], [state])):
            result.state = state
            return
        if self.risky(state):
            raise Bail
        result.state = UNKNOWN

    def attribute(self, holder: Arr, name: str, result: object) -> None:
        if type(result) is not Arr:
            return
        if name == "at":
            state_updates.at(self, holder, result)
            return
        rule = transfer.attribute_rule(name, self.judge.target)
        result.state = self.operation(None, name, rule, [holder], {})
        self.transforms.passed_on(result, [holder])

    def method(self, holder: Arr | None, name: str, args: list, kwargs: dict, result: object) -> None:
        if type(result) is not Arr:
            return
        if holder is None:
            self.untracked([*args, *kwargs.values()])
            result.state = UNKNOWN
            return
        if state_updates.updated(self, holder, name, args, kwargs, result):
            return
        rule = transfer.method_rule(name, self.judge.target)
        found = transfer.method_as_function(name, [self.value(arg) for arg in args], self.judge.target) \
            if not kwargs and None not in [self.value(arg) for arg in args] else None
        if found is not None:
            result.state = self.operation(None, f".{name}()", found[0], [holder, Opaque()], {})
            return
        node = self.run.node
        nodes = [node.func.value, *_arg_nodes(node, args)] if type(node) is ast.Call \
            and type(node.func) is ast.Attribute else []
        result.state = self.operation(node, f".{name}()", rule, [holder, *args], kwargs, nodes)
        self.transforms.passed_on(result, [holder, *args, *kwargs.values()])


_BINARY = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%", ast.Pow: "**",
           ast.MatMult: "@", ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^"}


def _arrays(tree: object, depth: int = 0) -> list:
    if depth > 12:
        raise Bail
    if type(tree) is Arr:
        return [tree]
    if type(tree) in (tuple, list, NTup):
        return [leaf for item in tree for leaf in _arrays(item, depth + 1)]
    if type(tree) is dict:
        return [leaf for item in tree.values() for leaf in _arrays(item, depth + 1)]
    return [leaf for item in pytree.leaf_lists(tree, lambda item: _arrays(item, depth + 1)) for leaf in item]


def _arg_nodes(node: ast.AST | None, args: list) -> list:
    """The call's argument expressions, when they are the values the callee was given."""
    if type(node) is not ast.Call or len(node.args) != len(args) or any(type(a) is ast.Starred for a in node.args):
        return []
    return list(node.args)


def _arg_node(node: ast.AST | None, positional: bool, keyword: str, index: int = 0) -> ast.AST | None:
    if type(node) is not ast.Call or any(type(a) is ast.Starred for a in node.args) \
            or any(k.arg is None for k in node.keywords):
        return node
    if positional:
        return node.args[index] if index < len(node.args) else node
    return next((k.value for k in node.keywords if k.arg == keyword), node)


# -- entering a body ------------------------------------------------------------------------------
def body_states(run, mapped, mesh, args: list) -> tuple[list | None, BodyStates | None]:
    """The arguments a checked body starts from, and its states (None, None: not followed)."""
    if run.judge is None:
        return None, None
    if run.states is not None:
        raise Bail  # (a shard_map in a body)
    func = mapped.func
    key = identity(func)
    again = key in run.traced  # (JAX may reuse the first trace: script_jax.run_shard_map)
    if again and not run.__dict__.get("_retracing"):
        raise Bail  # run again: JAX may reuse the first trace (jit's cache), and the body may read changed state
    run.traced[key] = func  # (kept alive: its id stays its own)
    if not mapped.checked:
        return None, None
    born = next(Arr.made)
    try:
        if mesh.explicit is False and names_reduced(mapped.out_specs, 0):
            raise Mislaid  # ("reduced in out_specs ... can only be used when ... all of type `Explicit`")
        entered = entry_arguments(mesh, mapped.in_specs, args, run)
    except Mislaid:
        body = func.node if type(func) is UFunc else func.func.node if type(func) is Bound else None
        if body is None or body in run.__dict__.get("entered", ()):
            raise Bail from None  # (its lines ran before: they may be reached)
        at_stop(run)
        raise MislaidStop(run.node, body) from None
    if entered is None:
        return None, None
    states = BodyStates(run, mesh, run.judge, born)
    states.again = again
    states.reducing = any(leaf.state.has(R) or leaf.state.has(U) for leaf in _arrays(entered))
    return entered, states


def state_stop(ctx, judge) -> StateStop | None:
    """Where running the module as a script first meets an operation JAX rejects inside a
    shard_map body (the judge's problem there); None when the run stops at anything it does not
    model, or meets none."""
    def attempt(count: int | None) -> tuple:
        from codemods.analysis.device_counts import same_stop
        from codemods.analysis.unknown_choices import over_choices

        return over_choices(lambda plan: attempt_planned(count, plan), same_stop)

    def attempt_planned(count: int | None, plan) -> tuple:
        from codemods.analysis.device_counts import same_stop
        from codemods.analysis.unknown_choices import Plan

        result, run, _ = attempt_raising(count, plan, None)
        again = ended(run) if result[0] is not None else []
        if len(again) > MAX_AGAIN:
            return None, True, result[2], result[3]
        given = [index for index, _ in plan.made]
        for index in again:  # (handed_errors.py: the call raising, its handler handing the error back)
            other, made, escaped = attempt_raising(count, Plan(list(given)), index)
            if not agrees(made, other[0], result[0], escaped, same_stop):
                return None, True, result[2], result[3]
        return result

    def attempt_raising(count: int | None, plan, raise_at: int | None) -> tuple:
        from codemods.analysis.device_counts import outcome, set_count
        from codemods.analysis.released_runs import released
        from codemods.analysis.script_run import ScriptRun
        from codemods.analysis.unknown_choices import set_plan

        run = ScriptRun(ctx.tree, ctx.target)
        run.judge = judge
        set_count(run, count)
        set_plan(run, plan)
        set_raise_at(run, raise_at)
        stop, early, escaped = None, False, None
        try:
            caught_stops.run_module(run)  # (a stop the program catches and raises again: caught_stops.py)
        except (StateStop, MislaidStop) as found:
            if found.call is not None and (type(found) is not StateStop or found.problem is not None) \
                    and not _overridden(run):
                stop = found.with_traceback(None)  # (kept: its frames would hold the whole run in a cycle)
        except GatherStop:
            pass
        except (Bail, Raised, Break, Continue, Return, RecursionError, Exception) as unknown:  # (unknown)
            early, escaped = True, unknown
        finally:
            kept = escaped if type(escaped) is Raised else None
            if kept is not None:
                kept.__traceback__ = None
            result, escaped = outcome(run, stop, early, escaped), None  # (its frames would hold this one)
            released(run)
        return result, run, kept

    def build():
        from codemods.analysis.device_counts import over_counts
        from codemods.analysis.script_stops import has_main

        return over_counts(attempt) if "shard_map" in ctx.source and has_main(ctx.tree) else None

    return ctx.cached("script_run.state_stop", build)


def _overridden(run) -> bool:
    """The module's own entry took a parameter's str default in a call of a function (a call
    made at module level: `main(load_config())` in the `__main__` block) while another call passed
    it another str (a config loader also called with another text in `inputs()`): which value
    reaches the body is then the entry's choice, and the module's other entry (`main(*inputs())`)
    may see another; the stop is not certain for the program. A default taken inside the program's
    functions (`box_blur(img, mesh)` after `box_blur(img, mesh, mode="wrap")` in `main`) is the
    program's own way, which every entry that reaches that call takes."""
    taken = {(function, param): value for function, param, value in run.defaulted}
    return any(taken.get((function, param), value) != value for function, param, value in run.given)

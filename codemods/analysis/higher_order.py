"""JAX's higher-order functions inside a shard_map body: the functions they are given are run
with the states JAX traces them with (issue 13).

What JAX does, run on jax 0.10.2 (8 CPU devices):
- `lax.cond` and `lax.switch` trace EVERY branch, whatever the predicate (a Python constant
  too): a branch that certainly fails makes the call fail. Branches must give outputs of equal
  types, so the result is the branches' common state (unknown when they differ).
- `lax.fori_loop`, `lax.while_loop` and `lax.scan` trace their body once (even for zero trips),
  `while_loop` its predicate too; the carry must come out in the state it went in.
- `lax.map(f, xs)` traces f on one slice of xs (a slice keeps its state, reduced included);
  the stacked result keeps f's states. With `batch_size=` it runs through vmap (below).
- `jax.grad` / `jax.value_and_grad` trace the function forward first: a failure there raises.
  A gradient has the state of its primal (varying in, varying out). A forward pass whose reduced
  values meet anything but a cast JAX's transpose takes may raise in the backward pass: nothing
  after the call is judged (backward_stops.py).
- `jax.vmap(f)` (without `spmd_axis_name`): states pass through unchanged, and collectives and
  operations raise as outside (psum over mixed states, pvary of a reduced value, a reduced value
  beside a constant), but `all_gather(to='reduced')` under vmap raises NotImplementedError, cast
  or not: there it gives an unknown value and no finding; casts are followed, not judged. A
  reduced state f gives stands only when f met no collective and nothing JAX rejects.
- `jax.checkpoint` / `jax.remat` of a callable object runs its `__call__` with the same types.
- A `custom_vjp` / `custom_jvp` function: the primal is traced without differentiation, the
  fwd or jvp rule under it (custom_derivatives.py).
- A stacked (scan, map) output that is reduced, or a differentiated output that is reduced,
  fails ("dynamic_update_slice operand and update must be reduced along the same axes",
  "unexpected JAX type ... for argument to VJP function"): no fix that may leave one.
"""
from __future__ import annotations

from dataclasses import replace
from codemods.dataclass_code import dataclass
from typing import TYPE_CHECKING

import ast

from codemods.analysis.backward_stops import bearing, stop_after_backward, watched
from codemods.analysis.custom_derivatives import CustomDerivatives
from codemods.analysis.decorators import wraps_of
from codemods.analysis.loop_carries import carried
from codemods.analysis.folds import SORTED
from codemods.analysis.pytree_grads import module_leaves
from codemods import jaxapi
from codemods.analysis.nodes import DEFS, FunctionNode, last_name, module_parents
from codemods.analysis.sequences import items_of
from codemods.analysis.user_decorators import keeps, lexical_scopes
from codemods.analysis.values import (
    CONSTANT,
    STATIC,
    UNKNOWN,
    AxisState,
    Const,
    DictValue,
    Function,
    Instance,
    JaxName,
    Partial,
    State,
    TupleValue,
    Value,
    leaves,
    map_leaves,
    record_tuple,
    same_value,
)

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

_TRANSFORMS = frozenset({"jax.vmap", "jax.grad", "jax.value_and_grad"})
# Transformations whose result computes what the function computes, with the same axis types.
SAME_FUNCTION = frozenset({"jax.checkpoint", "jax.remat", "jax.ad_checkpoint.checkpoint", "jax.ad_checkpoint.remat",
                           "jax.named_call", "jax.jit"})
_CUSTOM_DERIVATIVES = frozenset({"jax.custom_vjp", "jax.custom_jvp"})
_SCAN_KEYWORDS = frozenset({"length", "reverse", "unroll"})  # they change no type
_GRAD_KEYWORDS = frozenset({"argnums", "has_aux"})
_VMAP_KEYWORDS = frozenset({"in_axes", "out_axes", "axis_size"})


@dataclass(frozen=True, eq=False)
class Transformed:
    """`jax.vmap(f, ...)`, `jax.grad(f, ...)`, `jax.checkpoint(f)` (kind "same"): a function to
    be called on arrays later (where the reference to f counts as analysed)."""

    kind: str
    func: Value
    func_node: ast.expr
    keywords: tuple[tuple[str, Value], ...] = ()


class HigherOrder(CustomDerivatives):
    """The higher-order-function half of the Interpreter (which supplies call, silent, slots,
    analysed_refs and _no_fix)."""

    def higher_order(self, callee: Value, expr: ast.Call | None, args, keywords, starred, frame: Frame) -> Value | None:
        """The value of a call this module follows; None for any other call."""
        if isinstance(callee, Transformed):
            if starred:
                return UNKNOWN
            if callee.kind in ("custom_vjp", "custom_jvp"):
                return self.run_custom(callee, expr, args, keywords, frame)
            return self._apply_transform(callee, args, keywords, frame)
        if not isinstance(callee, JaxName):
            return None
        name = callee.name
        if name in _CUSTOM_DERIVATIVES:
            return self.custom_call(callee, expr, args, keywords, frame)
        if name in SAME_FUNCTION and args and isinstance(args[0][0], (Function, Partial, Instance, Transformed)):
            # `jax.checkpoint(block)(h)` runs block with the same types
            return Transformed("same", args[0][0], args[0][1])
        if name in _TRANSFORMS:
            allowed = _VMAP_KEYWORDS if name == "jax.vmap" else _GRAD_KEYWORDS
            if starred or len(args) != 1 or not set(keywords) <= allowed:
                return UNKNOWN
            return Transformed(name, args[0][0], args[0][1], tuple((key, value) for key, (value, _) in keywords.items()))
        if starred or name not in _CALLS:
            return None
        return getattr(self, _CALLS[name])(args, keywords, frame)

    def plain_decorators(self, stmt: ast.FunctionDef | ast.AsyncFunctionDef, frame: Frame) -> bool:
        """A nested def whose decorators keep what it computes (`@jax.checkpoint`,
        `@partial(jax.remat, policy=...)`) is run as the function it decorates."""
        for decorator in stmt.decorator_list:
            if type(wraps_of(self.scope, decorator, lexical_scopes(frame))) is ast.Name:
                continue  # `@functools.wraps(fn)` copies names and docstrings: the def runs as written
            value = self.eval(decorator, frame)
            if isinstance(value, Partial) and not value.args:
                value = value.func
            if isinstance(value, JaxName) and value.name in SAME_FUNCTION:
                continue
            if isinstance(value, JaxName) or not keeps(self.scope, decorator, lexical_scopes(frame)):
                return False  # a wrapper of the module that keeps the def (user_decorators.py) passes
        return True

    def decorated(self, function: FunctionNode, frame: Frame) -> Value:
        """A module-level def as its decorators leave it: under `@jax.vmap` or `@jax.grad` the
        transform applies to every call; `@jax.custom_vjp` / `@jax.custom_jvp` alone with its one
        rule is run as custom_derivatives.py says; other custom derivatives are unknown (which function JAX traces depends
        on differentiation). Other decorators reach here only when certainly transparent
        (user_decorators.py)."""
        result: Value = Function(function, frame)
        for decorator in reversed(getattr(function, "decorator_list", [])):
            value = self.eval(decorator, frame)
            keywords: tuple = ()
            if (custom := self.custom_kind(value)) is not None:
                rule = self.custom_rule(custom[0], function.name, frame, function) \
                    if len(function.decorator_list) == 1 else None
                if rule is None:
                    return UNKNOWN  # which function JAX traces depends on differentiation
                result = Transformed(custom[0], result, decorator, (("rule", rule), ("nondiff", custom[1])))
                continue
            if isinstance(value, Partial) and not value.args:
                value, keywords = value.func, value.keywords
            if isinstance(value, JaxName) and value.name in _TRANSFORMS:
                result = Transformed(value.name, result, decorator, keywords)
            elif isinstance(value, JaxName) and value.name in _CUSTOM_DERIVATIVES:
                return UNKNOWN
        return result

    def note_ref(self, func: Value, node: ast.expr) -> None:
        """The reference `node` to a function (bare or in `partial(f, ...)`) was analysed."""
        if isinstance(node, ast.ListComp):  # `[partial(branch, scale=s) for s in SCALES]`, run here
            node = node.elt
        if isinstance(func, Partial) and type(node) is ast.Name and (made := _held_partial(self.scope, node)) is not None:
            node = made  # `body = Partial(step, nu=0.01)` read only here: its `step` is the reference
        if isinstance(func, Partial) and isinstance(node, ast.Call) and node.args:
            func, node = func.func, node.args[0]
        elif isinstance(func, Partial) and isinstance(node, ast.Attribute) and isinstance(func.func, Function) \
                and getattr(func.func.node, "name", None) == node.attr and self.scope.class_of(func.func.node):
            # a bound method, `self._branch`: the attribute is its reference (as for a call of it)
            self.analysed_refs.setdefault(id(func.func.node), set()).add(id(node))
            return
        if isinstance(func, Instance):  # `jax.checkpoint(Block())`: where its __call__ runs
            func = self.class_attribute(func, "__call__")
            func = func.func if isinstance(func, Partial) else func
            if isinstance(func, Function) and isinstance(node, (ast.Name, ast.Call)):
                self.analysed_refs.setdefault(id(func.node), set()).add(id(node))
        elif isinstance(func, Function) and _names(node, func):
            self.analysed_refs.setdefault(id(func.node), set()).add(id(node))
        else:
            self.note_held_read(func, node)  # `lax.switch(k, BRANCHES, x)` (held.py)

    def _traced(self, func: Value, node: ast.expr, values: list[Value], frame: Frame) -> Value:
        if not isinstance(func, (Function, Partial, Instance, JaxName, Transformed)):
            return UNKNOWN
        self.note_ref(func, node)
        return self.call(func, None, [(value, node) for value in values], {}, False, frame)

    # -- branches ----------------------------------------------------------------------------
    def _cond(self, args, keywords, frame: Frame) -> Value:
        if keywords or len(args) < 3:
            return UNKNOWN
        return self._branches_of([args[1], args[2]], [value for value, _ in args[3:]], frame)

    def _switch(self, args, keywords, frame: Frame) -> Value:
        if keywords or len(args) < 2:
            return UNKNOWN
        branches, node = args[1]
        if not isinstance(branches, TupleValue) or not branches.items:
            return UNKNOWN
        nodes = node.elts if isinstance(node, (ast.List, ast.Tuple)) and len(node.elts) == len(branches.items) \
            else [node] * len(branches.items)
        return self._branches_of(list(zip(branches.items, nodes)), [value for value, _ in args[2:]], frame)

    def _branches_of(self, branches, operands: list[Value], frame: Frame) -> Value:
        """Each branch traced on the operands; a fix in one holds only when the branches still
        give equal types (JAX rejects a cond whose branches differ)."""
        first = len(self.slots)
        results = [self._traced(func, node, operands, frame) for func, node in branches]
        if all(same_value(results[0], result) for result in results[1:]) and _known(results[0], reduced=True):
            return results[0]
        self._no_fix(self.slots[first:], "the branches would give different types, which JAX rejects")
        return UNKNOWN

    # -- loops -------------------------------------------------------------------------------
    def _fori_loop(self, args, keywords, frame: Frame) -> Value:
        if set(keywords) - {"unroll"} or len(args) != 4:
            return UNKNOWN
        (body, node), (init, _) = args[2], args[3]
        init = traced_carry(init)
        return self._carry(body, node, [STATIC, init], init, lambda out: out, frame)

    def _while_loop(self, args, keywords, frame: Frame) -> Value:
        if keywords or len(args) != 3:
            return UNKNOWN
        (test, test_node), (body, node), (init, _) = args
        init = traced_carry(init)
        self._traced(test, test_node, [init], frame)
        return self._carry(body, node, [init], init, lambda out: out, frame)

    def _scan(self, args, keywords, frame: Frame) -> Value:
        if set(keywords) - _SCAN_KEYWORDS or len(args) not in (2, 3):
            return UNKNOWN
        if len(args) == 2:  # `lax.scan(f, init, length=n)`: xs is None
            args = list(args) + [(Const(None), args[1][1])]
        (body, node), (init, init_node), (xs, _) = args
        init = traced_carry(init)
        args = [args[0], (init, init_node), args[2]]
        first = len(self.slots)
        if isinstance(body, Function):
            result = self.scan(args, frame)  # the carried-loop rules of control.py
        elif (xs := scan_slice(xs)) is None:
            return UNKNOWN
        else:
            out = self._carry(body, node, [init, xs], init,
                              lambda out: out.items[0] if isinstance(out, TupleValue) and len(out.items) == 2
                              else UNKNOWN, frame, final=False)
            result = UNKNOWN
            if isinstance(out, TupleValue) and len(out.items) == 2:
                carry, ys = out.items
                result = TupleValue((carried(init, carry), ys), "tuple")
        self._stacked(first, result.items[1] if isinstance(result, TupleValue) and len(result.items) == 2 else UNKNOWN)
        return result

    def _stacked(self, first: int, ys: Value) -> None:
        """Stacking a reduced slice fails ("dynamic_update_slice operand and update must be
        reduced along the same axes", run on 0.10.2): no fix that may leave one there."""
        if not _known(ys):
            self._no_fix(self.slots[first:], "the stacked per-step output would be reduced, which JAX rejects")

    def _carry(self, body: Value, node: ast.expr, values: list[Value], init: Value, carry_of, frame: Frame,
               final: bool = True) -> Value:
        """The body traced once on the carry's state; `final`: the loop's result is the carry."""
        first = len(self.slots)
        out = self._traced(body, node, values, frame)
        if not same_value(carry_of(out), init, kinds=False):
            self._no_fix(self.slots[first:], "the loop's carry would change its state, which JAX rejects")
        return carried(init, carry_of(out)) if final else out

    # -- folds -------------------------------------------------------------------------------
    def _reduce(self, args, keywords, frame: Frame) -> Value:
        """`functools.reduce(f, items[, initial])` over items known one by one (axis names kept by
        `lambda acc, ax: acc + (ax,)`): f called on the running value and each item in turn."""
        if keywords or len(args) not in (2, 3):
            return UNKNOWN
        (func, node), (iterable, _) = args[0], args[1]
        items = items_of(record_tuple(iterable)) if isinstance(iterable, (TupleValue, Const, Instance)) else None
        if items is None or len(items) > MAX_FOLDED or not isinstance(func, (Function, Partial, JaxName)):
            return UNKNOWN
        items = list(items)
        if len(args) == 3:
            running = args[2][0]
        elif items:
            running = items.pop(0)
        else:
            return UNKNOWN  # TypeError: nothing to reduce
        self.note_ref(func, node)
        for item in items:
            running = self.fold_step(func, node, running, item, frame)
        return running

    def fold_step(self, func: Value, node: ast.expr, running: Value, item: Value, frame: Frame) -> Value:
        """`f(running, item)`; `operator.add` and friends are the operators they name."""
        if isinstance(func, JaxName) and func.name in _OPERATORS:
            return self.binary(_OPERATORS[func.name], running, item)
        return self.call(func, None, [(running, node), (item, node)], {}, False, frame)

    # -- maps and transforms -----------------------------------------------------------------
    def _map(self, args, keywords, frame: Frame) -> Value:
        if keywords or len(args) != 2:
            return UNKNOWN  # batch_size= runs f under vmap
        (func, node), (xs, _) = args
        first = len(self.slots)
        result = self._traced(func, node, [xs if _known(xs) or _reduced_slices(xs) else UNKNOWN], frame)
        self._stacked(first, result)
        return result if _known(result) else UNKNOWN

    def _kept_through_vmap(self, hazards_before: int, result: Value) -> bool:
        """A reduced result of a vmapped function stands when its run met no collective and no
        operation JAX rejects: JAX's type rules are the same under vmap for the rest (run on
        0.10.2: tanh, exp, abs, sums, reductions, a def of them, with and without in_axes; a
        constant beside a reduced value raises under vmap as outside)."""
        return self.hazards == hazards_before and _known(result, reduced=True) and not any(
            isinstance(leaf, AxisState) and (leaf.mixed or leaf.has(State.UNREDUCED)) for leaf in leaves(result))

    def _apply_transform(self, transform: Transformed, args, keywords, frame: Frame) -> Value:
        values = [value for value, _ in args]
        if transform.kind == "same":
            self.note_ref(transform.func, transform.func_node)
            return self.call(transform.func, None, [(value, transform.func_node) for value in values], keywords,
                             False, frame)
        if transform.kind == "jax.vmap":
            # Judged as outside, but for gathers to reduced and casts (see the module's
            # docstring); the function sees slices, whose shapes are not followed.
            self.note_ref(transform.func, transform.func_node)
            hazards = self.hazards
            self.vmapped += 1
            try:
                result = self.call(transform.func, None, [(_shapeless(value), transform.func_node) for value in values],
                                   keywords, False, frame)
            finally:
                self.vmapped -= 1
            return result if _known(result) or self._kept_through_vmap(hazards, result) else UNKNOWN
        self.note_ref(transform.func, transform.func_node)
        first = len(self.slots)
        undifferentiable = self.undifferentiable
        with watched(self) as forward:
            result = self.call(transform.func, None, [(value, transform.func_node) for value in values], keywords,
                               False, frame)
        if self.undifferentiable != undifferentiable:
            return UNKNOWN  # JAX raises NotImplementedError: no gradient comes out
        if forward.doubts or any(bearing(value) for value in [result, *values]):
            stop_after_backward(self)  # its backward pass may raise here (backward_stops.py)
            return UNKNOWN
        options = dict(transform.keywords)
        argnums, has_aux = options.get("argnums", Const(0)), options.get("has_aux", Const(False))
        if not (isinstance(has_aux, Const) and isinstance(has_aux.value, bool)):
            self._no_fix(self.slots[first:], "the function is differentiated with options not followed")
            return UNKNOWN
        output = result.items[0] if has_aux.value and isinstance(result, TupleValue) and result.items else result
        if (has_aux.value and not (isinstance(result, TupleValue) and len(result.items) == 2)) or not _known(output):
            # A reduced loss (a fix can make one) fails in the backward pass: "unexpected JAX type
            # ... for argument to VJP function" (run on 0.10.2).
            self._no_fix(self.slots[first:], "the differentiated output's state is not known to stay differentiable")
        grads = _gradients(argnums, values, lambda value: module_leaves(self.scope, value))
        if transform.kind == "jax.grad":
            if has_aux.value:
                aux = result.items[1] if isinstance(result, TupleValue) and len(result.items) == 2 else UNKNOWN
                return TupleValue((grads, aux))
            return grads
        return TupleValue((result, grads))


_OPERATORS = {"operator.add": "+", "operator.mul": "*"}
MAX_FOLDED = 16  # items `functools.reduce` is followed over, one call each


_CALLS = {
    "functools.reduce": "_reduce",
    "jax.tree.reduce": "tree_reduce",
    "jax.tree_util.tree_reduce": "tree_reduce",
    "jax.lax.cond": "_cond",
    "jax.lax.switch": "_switch",
    "jax.lax.fori_loop": "_fori_loop",
    "jax.lax.while_loop": "_while_loop",
    "jax.lax.scan": "_scan",
    "jax.lax.map": "_map",
    SORTED: "sorted_by_key",
}


def _shapeless(value: Value) -> Value:
    return map_leaves(value, lambda leaf: replace(leaf, shape=None) if isinstance(leaf, AxisState) else leaf)


def _known(value: Value, reduced: bool = False) -> bool:
    """Every leaf is a Python constant or an array state; unless `reduced`, neither reduced nor
    unreduced (the states whose rules through map, vmap and grad were not checked; cond keeps
    them: its branches' outputs must have equal types)."""
    if isinstance(value, (TupleValue, DictValue)):
        return all(_known(item, reduced) for item in value.items)
    if isinstance(value, AxisState):
        return reduced or not (value.has(State.REDUCED) or value.has(State.UNREDUCED))
    return isinstance(value, Const)


def scan_slice(xs: Value) -> Value | None:
    """What scan hands its body of `xs`: None (no xs), one array, or a pytree of arrays (a
    tuple or dict of stacked inputs), each leaf sliced on its leading axis, which keeps its state
    (run on 0.10.2); the leaves' shapes are not followed. None: not known."""
    if isinstance(xs, AxisState) or xs == Const(None):
        return xs
    if isinstance(xs, (TupleValue, DictValue)) and xs.items \
            and all(isinstance(leaf, AxisState) and not leaf.mixed for leaf in leaves(xs)):
        return _shapeless(xs)
    return None


def _reduced_slices(xs: Value) -> bool:
    """Slices of a reduced array stay reduced in f's trace (run on 0.10.2: `{R:i}` inside
    lax.map and lax.scan); unreduced ones were not checked."""
    return _known(xs, reduced=True) and not any(
        isinstance(leaf, AxisState) and (leaf.mixed or leaf.has(State.UNREDUCED)) for leaf in leaves(xs))


def _gradients(argnums: Value, values: list[Value], module_fields=lambda value: None) -> Value:
    """A gradient has the state of its primal (checked for varying and invariant arrays)."""
    def of(index: object) -> Value:
        if type(index) is not int or not 0 <= index < len(values):
            return UNKNOWN
        primal = values[index]
        fields = _record_fields(primal)  # a NamedTuple of params: a gradient of the same class
        if fields is None:
            fields = module_fields(primal)  # an equinox-style module: its data leaves (pytree_grads.py)
        items = (primal,) if fields is None else fields
        return primal if items and all(_arrays(item) and _known(item) for item in items) else UNKNOWN

    if isinstance(argnums, Const) and type(argnums.value) is int:
        return of(argnums.value)
    if isinstance(argnums, Const) and isinstance(argnums.value, tuple):
        return TupleValue(tuple(of(index) for index in argnums.value))
    if isinstance(argnums, TupleValue):  # `argnums=(0, 1)` as written: a literal tuple
        return TupleValue(tuple(of(item.value) if isinstance(item, Const) else UNKNOWN for item in argnums.items))
    return UNKNOWN


def _record_fields(value: Value) -> tuple[Value, ...] | None:
    """The field values of an object of a module NamedTuple (a pytree JAX maps field by field,
    as grad does: the gradient is an object of the same class); None for anything else."""
    if not (isinstance(value, Instance) and value.fields is not None and len(value.cls.bases) == 1
            and not value.cls.keywords and last_name(value.cls.bases[0]) == "NamedTuple"):
        return None
    return tuple(item for _, item in value.fields)


def _arrays(value: Value) -> bool:
    if isinstance(value, (TupleValue, DictValue)):
        return bool(value.items) and all(_arrays(item) for item in value.items)
    return isinstance(value, AxisState)


def _held_partial(scope, node: ast.Name) -> ast.Call | None:
    """The `partial(f, ...)` call (functools' or jax.tree_util's) a local or module name holds
    when `node` is the file's only read of that name."""
    if scope.loads(node.id) != 1:
        return None
    parents = module_parents(scope.tree)
    scopes, holder = [], parents.get(id(node))
    while holder is not None:
        if isinstance(holder, DEFS):
            scopes.append(holder)
        elif type(holder) is ast.Lambda and node.id in {arg.arg for arg in ast.walk(holder.args) if type(arg) is ast.arg}:
            return None  # a lambda's parameter
        holder = parents.get(id(holder))
    value, outer = scope.lookup_value(node.id, tuple(reversed(scopes)))
    if type(value) is not ast.Call or scope.resolve(value.func, outer) != jaxapi.PARTIAL or not value.args \
            or type(value.args[0]) is ast.Starred:
        return None
    return value


def _names(node: ast.expr, function: Function) -> bool:
    """`node` is a reference to the def by its own name (what the closing count compares with;
    an alias or a container holding it is not)."""
    return isinstance(node, ast.Name) and node.id == getattr(function.node, "name", None)


def traced_carry(init: Value) -> Value:
    """A loop's carry as its body sees it: a Python number there (`(0, acc)`, a step counter) is
    an array invariant on every axis, as JAX makes it (so `step + 1` keeps the carry's type)."""
    if isinstance(init, Const) and type(init.value) in (int, float, bool):
        return CONSTANT
    if isinstance(init, TupleValue):
        return TupleValue(tuple(traced_carry(item) for item in init.items), init.kind)
    if isinstance(init, DictValue):
        return DictValue(init.keys, tuple(traced_carry(item) for item in init.items))
    return init

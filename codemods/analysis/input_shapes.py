"""The shapes of the arrays a shard_map'd function is applied to, read from the code around it
(issue 13): `f(x)` after `x = jnp.zeros((16, 16))`, a parameter every call of its module function
fills the same way (`main(*inputs())` with `inputs()` returning `(np.arange(256).reshape(16, 16),)`),
`jax.device_put(x, ...)`, `jax.ShapeDtypeStruct(shape, dtype)`. A body parameter then gets its
per-device block: each sharded dimension divided by its mesh axes' sizes.

Certain or nothing: every application of the mapped function must be a plain call this module
reads, every name read must have one reaching assignment (top-level statements of its function,
nothing else binding it), and the applications must agree (on the rank at least).
"""
from __future__ import annotations

from dataclasses import replace
from codemods.dataclass_code import dataclass

import copy
from itertools import repeat

import ast

from codemods.analysis import shapes
from codemods.analysis.callers import _argument
from codemods.analysis.meshspec import Spec, parse_spec
from codemods.analysis.node_children import LEAVES, child_nodes
from codemods.analysis.numpy_ranges import arange_count
from codemods.analysis.nodes import DEFS, FunctionDef, call_args, iter_nodes, iter_with_scopes, literal_value
from codemods.analysis.shardmap import ShardMapUse
from codemods.analysis.chain_arguments import passed_through
from codemods.analysis.values import AxisState, Value

MAX_HOST_DEPTH = 24  # names, calls, callers and operands followed from an application, at most
_SAME = frozenset({"jax.device_put", "jax.numpy.asarray", "jax.numpy.array", "numpy.asarray", "numpy.array",
                   "jax.block_until_ready", "jax.lax.with_sharding_constraint", "jax.numpy.copy"})
_WORDS = ("ndim", "shape", "len(", "size", "list(", "tuple(", "zip(", "enumerate(")  # a module that never asks
# about a shape needs none (`list(x)`, `zip(w, x)` of an array ask for its first dimension: sequences.py)


@dataclass(frozen=True)
class _Array:
    shape: shapes.Shape


@dataclass(frozen=True)
class _Items:
    items: tuple


_RNG = object()  # `np.random.default_rng(seed)`: a NumPy generator whose samplers take `size=`
# Where each sampler of a NumPy generator takes its size when it is passed by position.
_KEEP_SHAPE = frozenset(f"{module}.{name}" for module in ("numpy", "jax.numpy") for name in (
    "abs", "exp", "log", "log1p", "sqrt", "square", "sin", "cos", "tanh", "negative", "floor", "ceil"))
_CUMULATIVE = frozenset(f"{module}.{name}" for module in ("numpy", "jax.numpy") for name in ("cumsum", "cumprod"))
_SIZE_AT = {"normal": 2, "uniform": 2, "integers": 2, "standard_normal": 0, "random": 0, "exponential": 1}


def _merge(left, right):
    if isinstance(left, _Array) and isinstance(right, _Array):
        merged = shapes.merge(left.shape, right.shape)
        return None if merged is None else _Array(merged)
    if isinstance(left, _Items) and isinstance(right, _Items) and len(left.items) == len(right.items):
        return _Items(tuple(_merge(a, b) for a, b in zip(left.items, right.items)))
    return None


class InputShapes:
    """The host half of the shape analysis (the Interpreter supplies scope, mesh, _callers)."""

    def with_input_shapes(self, use: ShardMapUse, params: list[Value]) -> list[Value]:
        asks = getattr(self.scope, "_shardfix_asks_shapes", None)
        if asks is None:
            source = self.scope.source
            asks = self.scope._shardfix_asks_shapes = source is None or any(word in source for word in _WORDS)
        if not asks:
            return params
        found = self._applications(use)
        if not found:
            return params
        merged = None
        for call, scopes in found:
            if call.keywords or any(isinstance(arg, ast.Starred) for arg in call.args) or len(call.args) != len(params):
                return params
            given = _Items(tuple(self._host(arg, scopes, 0) for arg in call.args))
            merged = given if merged is None else _merge(merged, given)
            if merged is None:
                return params
        in_specs, spec_scopes = passed_through(use, use.in_specs)
        tree = parse_spec(self.scope, in_specs, spec_scopes) if in_specs is not None else None
        result = list(params)
        for index, (value, host) in enumerate(zip(params, merged.items)):
            spec = tree[index] if isinstance(tree, tuple) and index < len(tree) else tree
            if type(value) is AxisState and isinstance(host, _Array) and isinstance(spec, Spec):
                entries = _entries(spec)
                block = (None,) * len(host.shape) if entries is None else shapes.block(host.shape, entries, self._axis_size)
                result[index] = replace(value, shape=block)
        return result

    def applied_count(self, use: ShardMapUse) -> int | None:
        """How many arguments every application of the mapped function passes, when each is a
        plain call this module reads (positional arguments only, none starred) and all agree:
        one spec for every argument then makes a body's `*args` that many arrays."""
        # arguments bound before (`partial(f, cfg)`, a callable object's `self`) come first: the
        # application's arguments are the rest
        plain_bound = all(arg.keyword is None and not arg.star for arg in use.bound_args)
        found = self._mapper_calls(use) if plain_bound and not use.decorated and not use.chain \
            and use.node.args and use.bound_values is None else None
        counts = {len(call.args) for call, _ in found or ()
                  if not call.keywords and not any(isinstance(arg, ast.Starred) for arg in call.args)}
        return counts.pop() if found and len(counts) == 1 and len(found) == sum(
            1 for call, _ in found if not call.keywords and not any(isinstance(arg, ast.Starred) for arg in call.args)) \
            else None

    def _axis_size(self, axis: str) -> int | None:
        return self.mesh.size(axis) if self.mesh is not None else None

    # -- where the mapped function is called -------------------------------------------------
    def _applications(self, use: ShardMapUse) -> list[tuple[ast.Call, tuple]] | None:
        if use.chain or use.body is None or use.bound_args or use.bound_values is not None:
            return None
        if use.decorated:
            body = use.body
            if not isinstance(body, DEFS) or any(decorator is not use.node and not self._is_jit(decorator, use.body_scopes)
                                                 for decorator in body.decorator_list):
                return None
            return self._calls_of(body.name, use.body_scopes, body)
        if not (use.node.args and use.node.args[0] in (use.body_ref, use.body)):
            return None  # `partial(shard_map, ...)(f)`: not followed
        return self._mapper_calls(use)

    def _mapper_calls(self, use: ShardMapUse) -> list[tuple[ast.Call, tuple]] | None:
        """The calls of the mapped function a shard_map call (not a decorator) makes: applied at
        once, through `jax.jit`, or through the one name it is assigned to."""
        node = use.node
        owner = use.call_scopes[-1] if use.call_scopes else self.scope.tree
        parent = _parent_of(owner, node)
        if isinstance(parent, ast.Call) and parent.args and parent.args[0] is node and self._is_jit(parent.func, use.call_scopes):
            node, parent = parent, _parent_of(owner, parent)  # `jax.jit(jax.shard_map(...))`: the same arguments
        if isinstance(parent, ast.Call) and parent.func is node:
            return [(parent, use.call_scopes)]
        if isinstance(parent, ast.Assign) and parent.value is node and len(parent.targets) == 1 \
                and type(parent.targets[0]) is ast.Name:
            return self._calls_of(parent.targets[0].id, use.call_scopes, node)
        return None

    def _is_jit(self, expr: ast.expr, scopes: tuple) -> bool:
        """`jax.jit` (or `partial(jax.jit, ...)`): it passes arrays through with their shapes."""
        if isinstance(expr, ast.Call) and self.scope.resolve(expr.func, scopes) == "functools.partial" and expr.args:
            expr = expr.args[0]
        return self.scope.resolve(expr, scopes) == "jax.jit"

    def _calls_of(self, name: str, scopes: tuple, binding: ast.AST) -> list[tuple[ast.Call, tuple]] | None:
        """Every call of the function bound to `name` once, when nothing else refers to it."""
        if name in self.scope.volatile:
            return None
        bindings = self.scope.locals_of(scopes[-1]) if scopes else self.scope.globals
        if bindings.unique_function(name) is not binding and bindings.unique_value(name) is not binding:
            return None
        facts = _facts(scopes[-1] if scopes else self.scope.tree)
        calls = [(call, scopes[:-1] + where) for call, where in facts.calls.get(name, [])]
        # `jax.jit(f)(x)`: jit passes the arrays through as they are
        calls += [(call, scopes[:-1] + where) for call, where in facts.jitted.get(name, [])
                  if self._is_jit(call.func.func, scopes[:-1] + where)]
        return calls if calls and len(calls) == facts.loads.get(name, 0) else None

    # -- host values ---------------------------------------------------------------------------
    def _host(self, expr: ast.expr, scopes: tuple, depth: int):
        """The array shape (or tuple of them) `expr` certainly has; None when not known."""
        if depth > MAX_HOST_DEPTH:
            return None
        kind = type(expr)
        if kind is ast.Name:
            return self._reaching(expr, scopes, depth + 1)
        if kind in (ast.Tuple, ast.List):
            if any(type(element) is ast.Starred for element in expr.elts):
                return None
            return _Items(tuple(self._host(element, scopes, depth + 1) for element in expr.elts))
        if kind is ast.Subscript:
            items = self._host(expr.value, scopes, depth + 1)
            index = literal_value(expr.slice)
            if isinstance(items, _Items) and type(index) is int and -len(items.items) <= index < len(items.items):
                return items.items[index]
            if isinstance(items, _Array):  # `sig[..., None]`, `x[:, None]`: new axes, nothing taken out
                shape = _new_axes(items.shape, expr.slice)
                return _Array(shape) if shape is not None else None
            return None
        if kind is ast.Attribute and expr.attr == "T":
            array = self._host(expr.value, scopes, depth + 1)
            return _Array(tuple(reversed(array.shape))) if isinstance(array, _Array) else None
        if kind is ast.Call:
            return self._host_call(expr, scopes, depth)
        if kind is ast.BinOp:  # `np.arange(32).reshape(8, 4) / 8`
            sides = [self._host(side, scopes, depth + 1) if not _number(side) else _Array(())
                     for side in (expr.left, expr.right)]
            if not all(isinstance(side, _Array) for side in sides):
                return None
            combine = shapes.matmul if isinstance(expr.op, ast.MatMult) else lambda a, b: shapes.broadcast([a, b])
            shape = combine(sides[0].shape, sides[1].shape)
            return _Array(shape) if shape is not None and sides != [_Array(()), _Array(())] else None
        return None

    def _host_call(self, call: ast.Call, scopes: tuple, depth: int):
        args = call_args(call)
        if any(arg.star for arg in args):
            return None
        positional = [arg.value for arg in args if arg.keyword is None]
        keywords = {arg.keyword: arg.value for arg in args if arg.keyword is not None}
        name = self.scope.resolve(call.func, scopes)
        if name in shapes.CONSTRUCTORS or name in shapes.SAMPLERS:
            at = 1 if name in shapes.SAMPLERS else 0
            node = keywords.get("shape", positional[at] if len(positional) > at else None)
            shape = shapes.as_shape(self.scope.constant(node, scopes)) if node is not None else None
            return _Array(shape) if shape is not None and -1 not in shape else None
        if name in ("numpy.random.randn", "numpy.random.rand") and not keywords:
            sizes = [self.scope.constant(node, scopes) for node in positional]
            return _Array(tuple(sizes)) if all(type(size) is int and size >= 0 for size in sizes) else None
        if name in ("numpy.arange", "jax.numpy.arange") and 1 <= len(positional) <= 3 and set(keywords) <= {"dtype"}:
            bounds = [self.scope.constant(node, scopes) for node in positional]
            count = arange_count(bounds)  # (NumPy's float count: numpy_ranges.py)
            return _Array((count,)) if count is not None else None
        if name == "numpy.random.default_rng" and len(positional) <= 1 and not keywords:
            return _RNG
        if name in _SAME and positional:
            array = self._host(positional[0], scopes, depth + 1)
            return array if isinstance(array, _Array) else None
        if name in _KEEP_SHAPE and len(positional) == 1 and not keywords:  # `np.abs(a)`: elementwise
            array = self._host(positional[0], scopes, depth + 1)
            return array if isinstance(array, _Array) else None
        if name in _CUMULATIVE and len(positional) == 1 and set(keywords) == {"axis"}:
            # `np.cumsum(a, axis=0)` keeps a's shape (without an axis it flattens)
            array = self._host(positional[0], scopes, depth + 1)
            axis = self.scope.constant(keywords["axis"], scopes)
            ok = isinstance(array, _Array) and type(axis) is int and -len(array.shape) <= axis < len(array.shape)
            return array if ok else None
        if name is None and type(call.func) is ast.Attribute:
            return self._host_method(call, positional, keywords, scopes, depth)
        if name is None and type(call.func) is ast.Name and not args:
            function, outer = self.scope.lookup_function(call.func.id, scopes)
            if isinstance(function, DEFS) and not function.decorator_list and not function.args.args \
                    and not any(isinstance(node, (ast.Yield, ast.YieldFrom)) for node in ast.walk(function)):
                return self._returned(function, outer + (function,), depth)
        return None

    def _host_method(self, call: ast.Call, positional, keywords, scopes: tuple, depth: int):
        array = self._host(call.func.value, scopes, depth + 1)
        if array is _RNG:  # `rng.normal(size=(8, 4))`, `rng.integers(0, 16, size=(32, 8))`
            at = _SIZE_AT.get(call.func.attr)
            node = keywords.get("size", positional[at] if at is not None and len(positional) > at else None)
            shape = shapes.as_shape(self.scope.constant(node, scopes)) if node is not None else None
            return _Array(shape) if shape is not None and -1 not in shape else None
        if not isinstance(array, _Array) or keywords and call.func.attr != "astype":
            return None
        method = call.func.attr
        values = [self.scope.constant(node, scopes) for node in positional]
        if method == "reshape" and values:
            new = values[0] if len(values) == 1 and isinstance(values[0], tuple) else tuple(values)
            if all(type(size) is int for size in new):
                shape = shapes.reshaped(array.shape, new)
                return _Array(shape) if shape is not None else None
            return None
        if method in ("astype", "copy", "block_until_ready"):
            return array
        if method == "transpose":
            shape = shapes.transposed(array.shape, values[0] if len(values) == 1 else tuple(values) or None)
            return _Array(shape) if shape is not None else None
        return None

    def _returned(self, function: FunctionDef, scopes: tuple, depth: int):
        """What every `return` of a function without parameters gives."""
        returns = [node for node, where in iter_with_scopes(function) if type(node) is ast.Return
                   and where == scopes[-1:] and node.value is not None]
        found = None
        for node in returns:
            value = self._host(node.value, scopes, depth + 1)
            found = value if found is None else _merge(found, value)
            if found is None:
                return None
        return found

    def _reaching(self, node: ast.Name, scopes: tuple, depth: int):
        """The value of the one assignment that reaches `node` (a read in the function where it
        is bound), or every caller's argument for a parameter no assignment reaches."""
        name = node.id
        if name in self.scope.volatile:
            return None
        for index in range(len(scopes) - 1, -1, -1):
            if self.scope.locals_of(scopes[index]).binds(name):
                owner, outer = scopes[index], scopes[: index + 1]
                break
        else:
            owner, outer = self.scope.tree, ()
        if outer != scopes:  # a closed-over name: its one value
            bound = (self.scope.locals_of(owner) if outer else self.scope.globals).unique_value(name)
            return self._host(bound, outer, depth) if bound is not None else None
        assigned = _reaching_assignment(owner, node)
        if assigned is False:
            return None
        if assigned is not None:
            return self._host(assigned, outer, depth)
        if not isinstance(owner, DEFS) or name not in [arg.arg for arg in owner.args.args]:
            return None
        return self._parameter(owner, name, depth)

    def _parameter(self, function: FunctionDef, name: str, depth: int):
        calls, skip = self._callers(function)
        if not calls:
            return None
        position = [arg.arg for arg in function.args.args].index(name) - skip
        found = None
        for call, scopes in calls:
            args = call_args(call)
            if len(args) == 1 and args[0].star == "*":  # `main(*inputs())`
                items = self._host(args[0].value, scopes, depth + 1)
                value = items.items[position] if isinstance(items, _Items) and 0 <= position < len(items.items) else None
            else:
                given = _argument(call, function, name, skip)
                value = self._host(given, scopes, depth + 1) if given is not None else None
            found = value if found is None else _merge(found, value)
            if found is None:
                return None
        return found


def _new_axes(shape: tuple, index: ast.expr) -> tuple | None:
    """The shape `a[index]` has when the index only adds axes (`None`) around whole dimensions
    (`:`, `...`, and those left after the index); None for any other index."""
    parts = list(index.elts) if type(index) is ast.Tuple else [index]
    kinds = ["whole" if type(part) is ast.Slice and part.lower is None and part.upper is None and part.step is None
             else "rest" if type(part) is ast.Constant and part.value is Ellipsis
             else "new" if type(part) is ast.Constant and part.value is None else None for part in parts]
    if None in kinds or kinds.count("rest") > 1 or "new" not in kinds or kinds.count("whole") > len(shape):
        return None
    if "rest" not in kinds:
        kinds.append("rest")  # the dimensions after the index are kept whole
    dims, result = list(shape), []
    for at, kind in enumerate(kinds):
        if kind == "new":
            result.append(1)
        elif kind == "whole":
            result.append(dims.pop(0))
        else:
            spread = len(dims) - kinds[at + 1:].count("whole")
            result.extend(dims[:spread])
            dims = dims[spread:]
    return tuple(result)


def _number(node: ast.expr) -> bool:
    value = literal_value(node)
    return type(value) in (int, float)


def _entries(spec: Spec) -> list[object] | None:
    """The spec's entries per dimension; an entry that is not a literal counts as sharded over
    axes of unknown size (the rank stays known)."""
    if spec.dims is not None:
        return list(spec.dims)  # read where the spec is written (`P(None, *AXES)`: meshspec.py)
    entries: list[object] = []
    for arg in call_args(spec.node):
        if arg.star:
            return None  # as many entries as it unpacks: the sizes are not known
        if arg.keyword is None:
            value = literal_value(arg.value)
            ok = value is None or isinstance(value, str) or isinstance(value, tuple) and all(
                isinstance(item, str) for item in value)
            entries.append(value if ok else ("?",))
    return entries


class _Facts:
    """What a function (or the module) binds and calls, read in one walk: each name's top-level
    `name = value` statements by index and the names bound any other way (its own scope); the
    calls of bare names (with their scopes from it on) and the names read (nested functions
    and lambdas included)."""

    def __init__(self, owner) -> None:
        self.simple: dict[str, dict[int, ast.expr]] = {}
        self.other: set[str] = set()
        self.loads: dict[str, int] = {}
        self.calls: dict[str, list[tuple[ast.Call, tuple]]] = {}
        self.jitted: dict[str, list[tuple[ast.Call, tuple]]] = {}  # `g(f)(...)` by f, for g = jax.jit
        targets: set[int] = set()
        for index, stmt in enumerate(owner.body):
            if type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name:
                self.simple.setdefault(stmt.targets[0].id, {})[index] = stmt.value
                targets.add(id(stmt.targets[0]))
            elif type(stmt) is ast.Assign and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Tuple \
                    and (items := _mapped_items(stmt.value, stmt.targets[0])) is not None:
                for target, item in zip(stmt.targets[0].elts, items):  # `a, b = (put(v) for v in (a, b))`
                    self.simple.setdefault(target.id, {})[index] = item
                    targets.add(id(target))
        top = (owner,) if isinstance(owner, DEFS) else ()
        stack: list[tuple[ast.AST, tuple, bool]] = [(stmt, top, True) for stmt in owner.body]
        while stack:
            node, where, own = stack.pop()
            kind = type(node)
            if kind is ast.Name:
                if type(node.ctx) is ast.Load:
                    self.loads[node.id] = self.loads.get(node.id, 0) + 1
                elif own and id(node) not in targets:
                    self.other.add(node.id)
                continue
            if kind is ast.Call and type(node.func) is ast.Name:
                self.calls.setdefault(node.func.id, []).append((node, where))
            elif kind is ast.Call and type(node.func) is ast.Call and len(node.func.args) == 1 \
                    and not node.func.keywords and type(node.func.args[0]) is ast.Name:
                self.jitted.setdefault(node.func.args[0].id, []).append((node, where))
            if own and kind in _NOTED:
                self._note(node, kind)
            if kind in DEFS or kind is ast.ClassDef:
                outside = list(node.decorator_list) + ([node.args] if kind in DEFS else list(node.bases))
                stack.extend((child, where, own) for child in outside)
                inner = where + (node,) if kind in DEFS else where
                stack.extend((child, inner, False) for child in node.body)
                continue
            if kind not in LEAVES:  # (the tuples made in C: this walk is most of the shape facts)
                stack.extend(zip(child_nodes(node), repeat(where), repeat(own and kind is not ast.Lambda)))

    def _note(self, node: ast.AST, kind: type) -> None:
        if kind is ast.Global or kind is ast.Nonlocal:
            self.other.update(node.names)
        elif kind is ast.Import or kind is ast.ImportFrom:
            self.other.update((alias.asname or alias.name.split(".")[0]) for alias in node.names)
        elif kind is ast.match_case:
            self.other.add("*")
        elif kind is not ast.alias and isinstance(getattr(node, "name", None), str):
            self.other.add(node.name)  # def, class, except ... as, match patterns


# The nodes `_Facts._note` reads something of: the others (most) are not handed to it.
_NOTED = frozenset({ast.Global, ast.Nonlocal, ast.Import, ast.ImportFrom, ast.match_case, ast.FunctionDef,
                    ast.AsyncFunctionDef, ast.ClassDef, ast.ExceptHandler, ast.MatchAs, ast.MatchStar})


def _facts(owner) -> _Facts:
    found = getattr(owner, "_shardfix_shape_facts", None)
    if found is None:
        found = owner._shardfix_shape_facts = _Facts(owner)
    return found


def _reaching_assignment(owner, read: ast.Name):
    """The value of the last top-level `name = value` of `owner` before the statement holding
    `read`; None when there is none; False when `name` is bound any other way in `owner`."""
    name = read.id
    body = owner.body
    position = (read.lineno, read.col_offset)
    holder = _holder(body, position)
    if holder is None or isinstance(body[holder], _SCOPES) or not _plainly_in(body[holder], read):
        return False  # read inside a lambda, a comprehension, a def or a class: another scope
    facts = _facts(owner)
    if name in facts.other or "*" in facts.other:
        return False
    simple = facts.simple.get(name, {})
    before = [index for index in simple if index < holder]
    return simple[max(before)] if before else None


def _mapped_items(value: ast.expr, target: ast.Tuple):
    """`a, b = (f(v) for v in (a, b))` (or a list comprehension): the expression each name gets,
    `f(a)` and `f(b)`, with the loop variable replaced by the item itself (read, as Python reads the
    first iterable, in the enclosing scope); `a, b = f(a), f(b)`: each item, read before either
    name is bound; None for any other form."""
    if type(value) is ast.Tuple and len(value.elts) == len(target.elts) \
            and all(type(name) is ast.Name for name in target.elts) \
            and not any(type(item) is ast.Starred for item in value.elts):
        return list(value.elts)
    if type(value) not in (ast.GeneratorExp, ast.ListComp) or len(value.generators) != 1:
        return None
    loop = value.generators[0]
    if loop.ifs or loop.is_async or type(loop.target) is not ast.Name or type(loop.iter) not in (ast.Tuple, ast.List) \
            or len(loop.iter.elts) != len(target.elts) or not all(type(name) is ast.Name for name in target.elts) \
            or any(type(item) is ast.Starred for item in loop.iter.elts) \
            or any(isinstance(node, _SCOPES) for node in ast.walk(value.elt)):
        return None
    variable = loop.target.id

    class _Put(ast.NodeTransformer):
        def __init__(self, item: ast.expr) -> None:
            self.item = item

        def visit_Name(self, node: ast.Name) -> ast.expr:
            return self.item if node.id == variable else node

    return [_Put(item).visit(copy.deepcopy(value.elt)) for item in loop.iter.elts]


def _holder(body: list[ast.stmt], position: tuple[int, int]) -> int | None:
    """The index of the statement of `body` that spans `position` (statements are in order)."""
    low, high = 0, len(body) - 1
    while low <= high:
        middle = (low + high) // 2
        stmt = body[middle]
        if position < (stmt.lineno, stmt.col_offset):
            high = middle - 1
        elif position > (stmt.end_lineno, stmt.end_col_offset):
            low = middle + 1
        else:
            return middle
    return None


def _parent_of(owner, node: ast.AST) -> ast.AST | None:
    """The node holding `node`, searched in the statement of `owner` that spans it."""
    body = owner.body
    index = _holder(body, (node.lineno, node.col_offset))
    if index is None:
        return None
    for parent in iter_nodes(body[index]):  # one parent holds it: the walk's order does not matter
        if node in child_nodes(parent):
            return parent
    return None


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
           ast.GeneratorExp)


def _plainly_in(stmt: ast.stmt, read: ast.Name) -> bool:
    """Whether `read` is in `stmt` outside every scope nested in it."""
    stack: list[ast.AST] = [stmt]
    while stack:
        node = stack.pop()
        if node is read:
            return True
        if node is not stmt and isinstance(node, _SCOPES):
            if type(node) not in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda):
                stack.append(node.generators[0].iter)  # a comprehension's first iterable: the enclosing scope's
            continue
        stack.extend(child_nodes(node))
    return False

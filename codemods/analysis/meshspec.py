"""PartitionSpecs and meshes as the module writes them: `P('i', None, reduced={'j'})`, trees of
specs (tuples, dicts), `jax.make_mesh(shape, names)` / `Mesh(devices, names)`, followed through
names and module constants. Python's `ast`; names resolved through the module's scopes."""
from __future__ import annotations

import ast
from dataclasses import field
from codemods.dataclass_code import dataclass

from codemods import jaxapi
from codemods.analysis.sequence_symbols import mesh_items
from codemods.analysis.keyed_comprehensions import keyed_spec_table
from codemods.analysis.nodes import NOT_LITERAL, FunctionDef, call_args
from codemods.analysis.record_specs import RecordSpec, record_class
from codemods.analysis.scopes import ModuleScope


@dataclass(frozen=True)
class Spec:
    """One PartitionSpec: the axes it shards on (varying), plus reduced= and unreduced=."""

    node: ast.Call = field(repr=False)
    sharded: tuple[str, ...]
    reduced: tuple[str, ...] = ()
    unreduced: tuple[str, ...] = ()
    # The `reduced=` keyword's value node, when it is a set literal of strings.
    reduced_node: ast.expr | None = field(default=None, repr=False)
    reduced_literal: bool = True  # False: reduced= is present but not a literal set
    in_helper: bool = False  # read by running a helper (helper_specs.py): its P is no place for an edit
    # Symbols (symbols.py) JAX accepts only as one str here: items of a tuple entry, reduced=, unreduced=.
    typed: tuple[str, ...] = ()
    # The axes of each dimension, in order (`P(None, *AXES)` unpacked); None when not all are read.
    dims: tuple[tuple[str, ...], ...] | None = field(default=None, repr=False, compare=False)


# A spec tree mirrors in_specs/out_specs: Spec, tuple of trees, dict of trees by string key,
# a NamedTuple of trees (RecordSpec), or None (unknown).
SpecTree = Spec | tuple | dict | RecordSpec | None


def is_partition_spec(scope: ModuleScope, func: ast.expr, scopes: tuple[FunctionDef, ...]) -> bool:
    return scope.resolve(func, scopes) == jaxapi.PARTITION_SPEC


def _same_for_every_key(scope: ModuleScope, expr: ast.DictComp | ast.ListComp, scopes, depth: int) -> SpecTree:
    """`{name: KERNEL_SPEC for name in params}` over keys only a run knows: every leaf of the
    argument gets the one spec, as that spec written as a prefix would give (JAX rejects the call
    when the keys differ from the argument's), so it is read as that spec. A value that names a
    comprehension target (`SPECS[name]`) differs per key: unknown."""
    value = expr.value if isinstance(expr, ast.DictComp) else expr.elt
    targets = {node.id for generator in expr.generators for node in ast.walk(generator.target) if type(node) is ast.Name}
    if any(type(node) is ast.NamedExpr for node in ast.walk(expr)) \
            or any(type(node) is ast.Name and node.id in targets for node in ast.walk(value)):
        return None
    parsed = parse_spec(scope, value, scopes, depth + 1)
    return parsed if isinstance(parsed, Spec) else None


def parse_spec(scope: ModuleScope, expr: ast.expr, scopes: tuple[FunctionDef, ...], depth: int = 0) -> SpecTree:
    """Parse an in_specs/out_specs expression into a SpecTree (None where not known)."""
    if depth > 8:
        return None
    if isinstance(expr, ast.Call) and is_partition_spec(scope, expr.func, scopes):
        return _parse_p_call(scope, expr, scopes)
    if isinstance(expr, ast.Call) and (cls := record_class(scope, expr, scopes)) is not None:
        return RecordSpec(cls, tuple(parse_spec(scope, arg, scopes, depth + 1) for arg in expr.args),
                          tuple((kw.arg, parse_spec(scope, kw.value, scopes, depth + 1)) for kw in expr.keywords))
    if isinstance(expr, (ast.Tuple, ast.List)):
        items = []
        for element in expr.elts:
            if isinstance(element, ast.Starred):
                return None
            items.append(parse_spec(scope, element, scopes, depth + 1))
        return tuple(items)
    if isinstance(expr, ast.Dict):  # a dict of params: `{"w": P('i'), "b": P()}`
        keys = [key.value if isinstance(key, ast.Constant) and isinstance(key.value, str) else None
                for key in expr.keys]
        if None in keys or len(set(keys)) != len(keys):
            return None
        return {key: parse_spec(scope, value, scopes, depth + 1) for key, value in zip(keys, expr.values)}
    if isinstance(expr, (ast.DictComp, ast.ListComp)):  # `{name: P('i') for name in NAMES}`
        keys = _comprehended_keys(scope, expr, scopes)
        keyed = keyed_spec_table(scope, expr, scopes, lambda value, outer: parse_spec(scope, value, outer, depth + 1)) \
            if keys is None and isinstance(expr, ast.DictComp) else None
        if keyed is not None:
            return keyed  # `{k: feature_spec(k, cfg) for k in example}` (keyed_comprehensions.py)
        if keys is None:
            return _same_for_every_key(scope, expr, scopes, depth)
        value = parse_spec(scope, expr.value if isinstance(expr, ast.DictComp) else expr.elt, scopes, depth + 1)
        return {key: value for key in keys} if isinstance(expr, ast.DictComp) else tuple(value for _ in keys)
    if isinstance(expr, ast.Name):
        bound, outer = scope.lookup_value(expr.id, scopes)
        if bound is not None:
            return parse_spec(scope, bound, outer, depth + 1)
        if outer and getattr(scope, "param_spec", None) is not None:
            return scope.param_spec(expr.id, outer, depth)  # what the one call passes (caller_specs.py)
    if isinstance(expr, ast.Subscript) and getattr(scope, "item_spec", None) is not None:
        written = scope.item_spec(expr, scopes)  # a test case's spec, where the case is written (loop_params.py)
        if written is not None:
            return parse_spec(scope, written[0], written[1], depth + 1)
    if isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Name):
        return _spec_item(scope, expr, scopes, depth)
    if isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Call):
        return _unpacked_call_item(scope, expr, scopes, depth)
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and scopes \
            and scope.locals_of(scopes[-1]).binds(expr.value.id):
        from codemods.analysis.instance_specs import init_field_spec  # (instance_specs parses specs too)

        written = init_field_spec(scope, expr, scopes)  # `in_specs=self.trial_spec`, set in __init__
        return parse_spec(scope, written[0], written[1], depth + 1) if written is not None else None
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) \
            and not any(scope.locals_of(function).binds(expr.value.id) for function in scopes):
        from codemods.analysis.class_specs import class_attribute_spec  # class_specs.py reads specs too

        written = class_attribute_spec(scope, expr.value.id, expr.attr)  # `cfg.BATCH_SPEC`
        return parse_spec(scope, written[0], written[1], depth + 1) if written is not None else None
    if isinstance(expr, ast.Call) and (same := _mapped_spec(scope, expr, scopes)) is not None:
        return parse_spec(scope, same, scopes, depth + 1)  # `jax.tree.map(lambda _: P("i"), params)`
    if isinstance(expr, ast.Call):  # `spec_fn()`, `plan.spec()`: what it returns (called_specs.py)
        from codemods.analysis.called_specs import returned_expression

        returned = returned_expression(scope, expr, scopes)
        if returned is None and getattr(scope, "helper_spec", None) is not None:
            return scope.helper_spec(expr, scopes)  # `pspec(Batch, Embed)`: run with its arguments (helper_specs.py)
        parsed = parse_spec(scope, returned[0], returned[1], depth + 1) if returned is not None else None
        if parsed is None and returned is not None and isinstance(expr.func, ast.Attribute) \
                and getattr(scope, "helper_spec", None) is not None:
            return scope.helper_spec(expr, scopes)  # a method on its object's fields (method_specs.py)
        return parsed
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mult):  # `(P('i'),) * 2`: one spec per output
        for items, count in ((expr.left, expr.right), (expr.right, expr.left)):
            times = scope.constant(count, scopes)
            if type(times) is int and 0 <= times <= 64 and isinstance(items, (ast.Tuple, ast.List, ast.Name)):
                tree = parse_spec(scope, items, scopes, depth + 1)
                return tree * times if isinstance(tree, tuple) else None
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):  # `(P('i', 'j'),) * 2 + (P(),)`
        kinds = {_sequence_kind(scope, side, scopes, depth) for side in (expr.left, expr.right)}
        if len(kinds) == 1 and None not in kinds:  # `[P()] + (P(),)` raises TypeError: no body runs
            left, right = (parse_spec(scope, side, scopes, depth + 1) for side in (expr.left, expr.right))
            return left + right if isinstance(left, tuple) and isinstance(right, tuple) else None
    return None


def _sequence_kind(scope: ModuleScope, expr: ast.expr, scopes, depth: int) -> type | None:
    """Whether `expr` builds a tuple or a list (the two do not concatenate); None: not known."""
    if depth > 8:
        return None
    if isinstance(expr, (ast.Tuple, ast.List)):
        return type(expr)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Add, ast.Mult)):
        sides = [side for side in (expr.left, expr.right) if isinstance(expr.op, ast.Add)
                 or not isinstance(scope.constant(side, scopes), int)]
        kinds = {_sequence_kind(scope, side, scopes, depth + 1) for side in sides}
        return kinds.pop() if len(kinds) == 1 else None
    if isinstance(expr, ast.Name):
        bound, outer = scope.lookup_value(expr.id, scopes)
        return _sequence_kind(scope, bound, outer, depth + 1) if bound is not None else None
    return None


def _comprehended_keys(scope: ModuleScope, expr: ast.DictComp | ast.ListComp, scopes) -> tuple | None:
    """The items a one-loop comprehension over a constant sequence walks, when the spec it builds
    reads nothing of the loop (so every item gets the same spec) and a dict's key is the item."""
    if len(expr.generators) != 1 or expr.generators[0].ifs or expr.generators[0].is_async \
            or type(expr.generators[0].target) is not ast.Name:
        return None
    name = expr.generators[0].target.id
    built = (expr.key, expr.value) if isinstance(expr, ast.DictComp) else (expr.elt,)
    if isinstance(expr, ast.DictComp) and not (type(expr.key) is ast.Name and expr.key.id == name):
        return None
    if any(type(node) is ast.Name and node.id == name for node in ast.walk(built[-1])):
        return None
    items = scope.constant(expr.generators[0].iter, scopes)
    if not isinstance(items, tuple) or len(items) > 64:
        return None
    if isinstance(expr, ast.DictComp) and (not all(isinstance(item, str) for item in items) or len(set(items)) != len(items)):
        return None
    return items


def _unpacked_call_item(scope: ModuleScope, expr: ast.Subscript, scopes, depth: int) -> SpecTree:
    """`c_spec, d_spec = server.specs()`: one item of the tuple of specs the call returns, when the
    tuple has exactly as many items as the unpacking names (else Python raises and nothing runs)."""
    from codemods.analysis.pyvalues import UNPACK_SHAPE  # pyvalues reads specs too

    shape = getattr(expr, UNPACK_SHAPE, None)
    if shape is None or shape[1] or type(expr.slice) is not ast.Constant or type(expr.slice.value) is not int:
        return None
    tree = parse_spec(scope, expr.value, scopes, depth + 1)
    if not isinstance(tree, tuple) or len(tree) != shape[0]:
        return None
    return tree[expr.slice.value]


def _spec_item(scope: ModuleScope, expr: ast.Subscript, scopes, depth: int) -> SpecTree:
    """`LAYOUT["table"]`, `SPECS[0]`: one item of a table of specs bound once and never changed
    in place (a changed table may hold another spec when the body runs)."""
    from codemods.analysis.mutation import mutated_names  # mutation.py reads values.py, which reads specs

    name = expr.value.id
    if name in mutated_names(scope.tree) or name in scope.volatile:
        return None
    bound, outer = scope.lookup_value(name, scopes)
    key = scope.constant(expr.slice, scopes)
    if bound is None or isinstance(key, bool):
        return None
    tree = parse_spec(scope, bound, outer, depth + 1)
    if isinstance(tree, dict) and isinstance(key, str):
        return tree.get(key)
    if isinstance(tree, tuple) and type(key) is int and -len(tree) <= key < len(tree):
        return tree[key]
    return None


def _parse_p_call(scope: ModuleScope, call: ast.Call, scopes: tuple[FunctionDef, ...]) -> Spec | None:
    sharded: list[str] = []
    reduced: tuple[str, ...] = ()
    unreduced: tuple[str, ...] = ()
    reduced_node = None
    reduced_literal = True
    typed: list[str] = []
    dims: list[tuple[str, ...]] = []
    for arg in call_args(call):
        if arg.star:  # `P(*BATCH_AXES)`: one entry per item of a constant tuple
            items = _axis_constant(scope, arg.value, scopes)  # a tuple of symbols too (symbols.py)
            if items is NOT_LITERAL and getattr(scope, "unpacked", None) is not None:
                items = scope.unpacked(arg.value, scopes)  # `P(*AXES)` of a dict: its keys, in order
            if not isinstance(items, tuple) or not all(_entry_axes(item) is not None for item in items):
                return None
            sharded.extend(axis for item in items for axis in _entry_axes(item))
            dims.extend(_entry_axes(item) for item in items)
            continue
        if arg.keyword is not None:
            names = _axis_set(scope, arg.value, scopes)
            if arg.keyword == "reduced":
                reduced_node = arg.value
                if names is None:
                    reduced_literal = False
                else:
                    reduced = names
            elif arg.keyword == "unreduced":
                if names is None:
                    return None
                unreduced = names
            else:
                return None
            continue
        entry = _axis_constant(scope, arg.value, scopes)
        if _entry_axes(entry) is not None:
            dims.append(_entry_axes(entry))  # (any other entry leaves the spec unknown below)
        if entry is None:
            continue
        if isinstance(entry, str):
            sharded.append(entry)
        elif isinstance(entry, tuple) and all(isinstance(item, str) for item in entry):
            sharded.extend(entry)
            typed.extend(entry)
        else:
            return None
    typed.extend(reduced + unreduced)
    return Spec(call, tuple(sharded), reduced, unreduced, reduced_node, reduced_literal,
                typed=tuple(axis for axis in typed if type(axis) is not str), dims=tuple(dims))


_TREE_MAPS = ("jax.tree.map", "jax.tree_util.tree_map")


def _mapped_spec(scope: ModuleScope, call: ast.Call, scopes) -> ast.Call | None:
    """The `P(...)` of `jax.tree.map(lambda _: P(...), tree)`, a lambda that ignores its leaf: every
    leaf of the tree gets that one spec, which is what the spec alone says of every leaf of the
    argument it stands for (a tree of another structure fails in shard_map before the body runs)."""
    if len(call.args) != 2 or call.keywords or scope.resolve(call.func, scopes) not in _TREE_MAPS:
        return None
    function = call.args[0]
    if type(function) is not ast.Lambda or len(function.args.args) != 1 or function.args.posonlyargs \
            or function.args.vararg or function.args.kwonlyargs or function.args.kwarg \
            or type(function.body) is not ast.Call or not is_partition_spec(scope, function.body.func, scopes):
        return None
    leaf = function.args.args[0].arg
    return None if any(type(node) is ast.Name and node.id == leaf for node in ast.walk(function.body)) else function.body


def _axis_constant(scope: ModuleScope, expr: ast.expr, scopes, depth: int = 0) -> object:
    """An axis name (or tuple of them) where one is written: a literal, a symbol (symbols.py), or
    an entry of a spec bound once (`cells[0]`)."""
    value = scope.constant(expr, scopes)
    if value is NOT_LITERAL and type(expr) is ast.Subscript and depth < 4:
        value = _spec_entry(scope, expr, scopes, depth)
    hook = getattr(scope, "axis_value", None)
    return hook(expr, scopes) if value is NOT_LITERAL and hook is not None else value


def _spec_entry(scope: ModuleScope, expr: ast.Subscript, scopes, depth: int) -> object:
    """`cells[0]` of `cells = P(("pop", "neuron"))`: the entry at a constant index of a
    PartitionSpec the name is bound to once, written with no starred entry (a PartitionSpec
    cannot be changed in place)."""
    if type(expr.value) is not ast.Name or expr.value.id in scope.volatile:
        return NOT_LITERAL
    bound, outer = scope.lookup_value(expr.value.id, scopes)
    index = scope.constant(expr.slice, scopes)
    if type(bound) is not ast.Call or not is_partition_spec(scope, bound.func, outer) or type(index) is not int \
            or any(type(arg) is ast.Starred for arg in bound.args) or not -len(bound.args) <= index < len(bound.args):
        return NOT_LITERAL
    entry = _axis_constant(scope, bound.args[index], outer, depth + 1)
    return entry if _entry_axes(entry) is not None else NOT_LITERAL


def _entry_axes(entry: object) -> tuple[str, ...] | None:
    """The axes one entry of P(...) names (None, a name, a tuple of names); None: not that."""
    if entry is None:
        return ()
    if isinstance(entry, str):
        return (entry,)
    if isinstance(entry, tuple) and all(isinstance(item, str) for item in entry):
        return entry
    return None


def _axis_set(scope: ModuleScope, expr: ast.expr, scopes) -> tuple[str, ...] | None:
    if isinstance(expr, ast.Set):
        names = []
        for element in expr.elts:
            if isinstance(element, ast.Starred):
                return None
            value = _axis_constant(scope, element, scopes)
            if not isinstance(value, str):
                return None
            names.append(value)
        return tuple(names)
    value = _axis_constant(scope, expr, scopes)
    if isinstance(value, tuple) and all(isinstance(item, str) for item in value):
        return value
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id in ("set", "frozenset") \
            and not expr.args and not expr.keywords:
        return ()
    return None


@dataclass(frozen=True)
class MeshInfo:
    axes: tuple[str, ...]
    sizes: tuple[int, ...] | None = None
    groups: tuple = ()  # (symbol, its items) of each tuple of names the mesh was built from (sequence_symbols.py)

    def size(self, axis: str) -> int | None:
        if self.sizes is None or axis not in self.axes:
            return None
        return self.sizes[self.axes.index(axis)]


def parse_mesh(scope: ModuleScope, expr: ast.expr, scopes: tuple[FunctionDef, ...], depth: int = 0) -> MeshInfo | None:
    """Mesh axes of `jax.make_mesh(shape, names)` / `Mesh(devices, names)`, followed through names."""
    if depth > 8:
        return None
    if isinstance(expr, ast.Name):
        bound, outer = scope.lookup_value(expr.id, scopes)
        return parse_mesh(scope, bound, outer, depth + 1) if bound is not None else None
    if not isinstance(expr, ast.Call):
        return None
    factory = scope.resolve(expr.func, scopes)
    if factory not in jaxapi.MESH_FACTORIES:
        return None
    args = call_args(expr)
    positional = [arg.value for arg in args if arg.keyword is None and not arg.star]
    keywords = {arg.keyword: arg.value for arg in args if arg.keyword is not None}
    names_node = keywords.get("axis_names", positional[1] if len(positional) > 1 else None)
    if names_node is None:
        return None
    shape = NOT_LITERAL
    if factory == "jax.make_mesh":
        shape_node = keywords.get("axis_shapes", positional[0] if positional else None)
        shape = scope.constant(shape_node, scopes) if shape_node is not None else NOT_LITERAL
    groups: tuple = ()
    found = mesh_items(names_node, len(shape), scope.tree, lambda node: _axis_constant(scope, node, scopes)) \
        if isinstance(shape, tuple) else None
    if found is not None:
        names, groups = found
    else:
        names = _axis_constant(scope, names_node, scopes)
    if isinstance(names, str):
        names = (names,)
    if not isinstance(names, tuple) or not all(isinstance(name, str) for name in names):
        return None
    sizes = None
    if isinstance(shape, tuple) and len(shape) == len(names) and all(isinstance(n, int) for n in shape):
        sizes = shape
    return MeshInfo(names, sizes, groups)

"""Axis names a spec literal reads through names: constants (`P(DP, TP)`, `P(AXES, None)`), items
of constant tuples (`AXES[0]`; `DP, TP = AXES` is followed in specs.py), and classes:
`P(Config.data, None)`, `P(self.DATA, ...)` in a method, `P(cfg.model, ...)` with
`cfg = Config(...)` a dataclass built in the same function.

Only what the file shows for certain counts: the attribute is bound once in the class body, no
code in the file assigns an attribute of that name (`x.data = ...`) or calls `setattr`, and a read
through `self` needs a class no class in the file derives from (a subclass could override it) and
that is not a dataclass (its instances hold their own values). Anything else is unknown (None).
"""
from __future__ import annotations

import ast

from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

_DATACLASS = frozenset({"dataclasses.dataclass"})
_SELF_DEPTH = 4  # parents between a read through `self` and its method's FunctionDef, at most


def named_axes(ctx: FileContext, node: cst.BaseExpression):
    """The axes (a tuple of names) `node` certainly holds, else None."""
    from codemods.analysis.specs import parse_axes

    if isinstance(node, cst.Attribute):
        from codemods.analysis.mesh_names import mesh_axis_names

        names = mesh_axis_names(ctx, node)  # `mesh.axis_names`
        if names is not None:
            return names
    elif isinstance(node, cst.Subscript):
        sliced = _constant_slice(ctx, node)
        if sliced is not None:
            return sliced  # `AXES[:2]`
    followed = _held(ctx, node)
    axes = parse_axes(followed) if followed is not None else None
    if axes is None and isinstance(followed, (cst.Tuple, cst.List)):
        axes = _item_axes(ctx, followed)  # `(Ax.DATA.value, Ax.MODEL.value)`, `(DP, TP)`
    if axes is None and isinstance(followed, (cst.Call, cst.ListComp)):
        keys = _sequence(ctx, followed)  # `tuple(MESH_SHAPE)`, `tuple(a.value for a in Axis)`
        axes = _strings(keys) if keys is not None else None
    if axes is None:
        from codemods.analysis.spec_symbols import symbol_axes

        axes = symbol_axes(ctx, node)  # `P((PART_AXIS, DIM_AXIS))` of `os.environ.get(...)`, `args.axis`
    return axes


def axis_sequence(ctx: FileContext, node: cst.BaseExpression):
    """The axes `node` certainly holds when it is a sequence of axis names (a tuple or list, a
    slice of one, `mesh.axis_names`, the keys `tuple(D)` gives), never one string, whose
    `set(...)` would be its letters; else None."""
    if isinstance(node, cst.Subscript) and any(isinstance(part.slice, cst.Slice) for part in node.slice):
        return _constant_slice(ctx, node)
    if isinstance(node, cst.Attribute):
        from codemods.analysis.mesh_names import mesh_axis_names

        names = mesh_axis_names(ctx, node)
        if names is not None:
            return names
    held = _held(ctx, node)
    if isinstance(held, (cst.Tuple, cst.List, cst.Call, cst.ListComp)):
        return named_axes(ctx, node)
    return None


def dict_keys(ctx: FileContext, call: cst.Call) -> list | None:
    """The key literals of `tuple(D)`, `list(D)`, `tuple(D.keys())`, D a dict literal with distinct
    string keys that the file never changes (the builtins never rebound), in order; else None."""
    from codemods.analysis.iterated import _bound_names
    from codemods.analysis.local_names import follow_names
    from codemods.analysis.table_changes import _mutated, _table_name

    if not isinstance(call.func, cst.Name) or call.func.value not in ("tuple", "list") \
            or call.func.value in _bound_names(ctx) or len(call.args) != 1 or call.args[0].star or call.args[0].keyword:
        return None
    source = call.args[0].value
    if isinstance(source, cst.Call) and isinstance(source.func, cst.Attribute) and source.func.attr.value == "keys" \
            and not source.args:
        source = source.func.value
    mutated = _mutated(ctx)
    if _table_name(source) is None or _table_name(source) in mutated or "*" in mutated:
        return None
    held, _ = follow_names(ctx, source)
    if not isinstance(held, cst.Dict) or any(type(element) is not cst.DictElement for element in held.elements):
        return None
    keys = [element.key for element in held.elements]
    names = _strings(keys)
    return keys if names is not None and len(set(names)) == len(names) else None


def _strings(nodes: list):
    from codemods.analysis.specs import string_value

    names = [string_value(node) for node in nodes]
    return None if any(name is None for name in names) else tuple(names)


def _sequence(ctx: FileContext, held) -> list | None:
    """The item nodes of a tuple/list literal of plain items, or the keys `tuple(D)` gives."""
    if isinstance(held, (cst.Tuple, cst.List)):
        return None if any(type(e) is not cst.Element for e in held.elements) else [e.value for e in held.elements]
    if isinstance(held, (cst.Call, cst.ListComp)):
        from codemods.analysis.comprehended_axes import comprehended_items

        keys = dict_keys(ctx, held) if isinstance(held, cst.Call) else None
        return keys if keys is not None else comprehended_items(ctx, held)
    return None


def _held(ctx: FileContext, node: cst.BaseExpression) -> cst.BaseExpression | None:
    """The literal `node` certainly holds, read through names, class attributes, enum members and
    items of constant tuples or tables."""
    from codemods.analysis.local_names import follow_names

    if isinstance(node, cst.Attribute):
        node = attribute_value(ctx, node)
    elif isinstance(node, cst.Subscript):
        from codemods.analysis.spec_sources import table_item

        node = _constant_item(ctx, node) or table_item(ctx, node)  # `AXES[0]`, `RULES['batch']`
    followed, _ = follow_names(ctx, node) if node is not None else (None, False)
    return followed


def _item_axes(ctx: FileContext, held):
    """A tuple whose items each hold one axis name (a string, never a nested tuple, which JAX
    rejects) through names, classes or enums."""
    from codemods.analysis.specs import string_value

    axes = []
    for element in held.elements:
        if type(element) is not cst.Element:
            return None
        value = _held(ctx, element.value)
        name = string_value(value) if value is not None else None
        if name is None:
            return None
        axes.append(name)
    return tuple(axes)


def tuple_item(held: cst.BaseExpression | None, index: int, size: int) -> cst.BaseExpression | None:
    """Item `index` of a tuple/list literal of exactly `size` plain items, else None."""
    if not isinstance(held, (cst.Tuple, cst.List)) or len(held.elements) != size \
            or any(type(element) is not cst.Element for element in held.elements):
        return None
    return held.elements[index].value


def _constant_slice(ctx: FileContext, node: cst.Subscript):
    """`AXES[:2]`, `AXES[1:]`, `AXES[-2:]` of a name holding a tuple of axis names -> those axes."""
    from codemods.analysis.specs import parse_axes
    from codemods.analysis.local_names import follow_names

    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Slice):
        return None
    part = node.slice[0].slice
    if part.step is not None:
        return None
    bounds = []
    for bound in (part.lower, part.upper):
        if bound is None:
            bounds.append(None)
            continue
        value = _integer(bound)
        if value is None:
            return None
        bounds.append(value)
    held, _ = follow_names(ctx, node.value)
    axes = parse_axes(held) if isinstance(held, (cst.Tuple, cst.List)) else None
    if axes is None and isinstance(held, (cst.Call, cst.ListComp)):
        keys = _sequence(ctx, held)
        axes = _strings(keys) if keys is not None else None
    return axes[bounds[0]:bounds[1]] if axes is not None else None


def _integer(node: cst.BaseExpression) -> int | None:
    negative = isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Minus)
    if negative:
        node = node.expression
    if not isinstance(node, cst.Integer):
        return None
    return -int(node.evaluated_value) if negative else int(node.evaluated_value)


def _constant_item(ctx: FileContext, node: cst.Subscript) -> cst.BaseExpression | None:
    """`AXES[0]`, `AXES[-1]` of a name holding a tuple literal."""
    from codemods.analysis.local_names import follow_names

    if len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    index_node = node.slice[0].slice.value
    negative = isinstance(index_node, cst.UnaryOperation) and isinstance(index_node.operator, cst.Minus)
    if negative:
        index_node = index_node.expression
    if not isinstance(index_node, cst.Integer):
        return None
    held, _ = follow_names(ctx, node.value)
    items = _sequence(ctx, held)
    if items is None:
        return None
    size = len(items)
    index = -int(index_node.evaluated_value) if negative else int(index_node.evaluated_value)
    if not -size <= index < size:
        return None
    return items[index % size]


def item_of_item(ctx: FileContext, node: cst.Subscript, env) -> cst.BaseExpression | None:
    """`LAYOUTS[name][1]`: item `1` of the tuple literal a constant table holds at that key (the
    table read as spec_sources.table_item reads it; a tuple never changes in place)."""
    from codemods.analysis.spec_sources import table_item

    inner = node.value
    if not isinstance(inner, cst.Subscript) or len(node.slice) != 1 or not isinstance(node.slice[0].slice, cst.Index):
        return None
    index = _integer(node.slice[0].slice.value)
    held = table_item(ctx, inner, env) if index is not None else None
    if not isinstance(held, cst.Tuple) or not all(type(e) is cst.Element for e in held.elements) \
            or not -len(held.elements) <= index < len(held.elements):
        return None
    return held.elements[index].value


def attribute_value(ctx: FileContext, node: cst.Attribute) -> cst.BaseExpression | None:
    """The expression `node` (`Cls.attr`, `self.attr`, `instance.attr`) certainly holds, else None."""
    from codemods.analysis.local_names import follow_names, resolve_name

    attr = node.attr.value
    assigned = _assigned_attributes(ctx)
    if attr == "value" and isinstance(node.value, cst.Attribute):
        return _enum_value(ctx, node.value)  # `Axis.DATA.value`
    if not isinstance(node.value, cst.Name) or attr in assigned or "*" in assigned:
        return None
    owner = node.value
    binding = resolve_name(ctx, owner)
    if binding is not None and binding.kind == "def" and isinstance(binding.node, cst.ClassDef):
        if _enum_kind(ctx, binding.node) not in (None, "str"):
            return None  # a plain Enum member is not its value: JAX finds no axis named by it
        return _class_attribute(ctx, binding.node, attr)  # `Config.data`
    if binding is None:
        classdef = _method_class(ctx, owner)
        if classdef is None or _is_dataclass(ctx, classdef) or _has_subclass(ctx, classdef):
            return None
        return _class_attribute(ctx, classdef, attr)  # `self.DATA`
    if binding.kind == "assign" and isinstance(binding.value, cst.Subscript):  # `metric = METRICS["bleu"]`
        from codemods.analysis.filed_classes import filed_attribute, written_key

        return filed_attribute(ctx, binding.value, attr, written_key(ctx, binding.value))
    held = resolve_name(ctx, binding.value) if binding.kind == "assign" and isinstance(binding.value, cst.Name) else None
    if held is not None and held.kind == "def" and isinstance(held.node, cst.ClassDef):  # `metric = BLEUMetric`
        return _class_attribute(ctx, held.node, attr) if _enum_kind(ctx, held.node) is None else None
    construction, _ = follow_names(ctx, owner)
    if not isinstance(construction, cst.Call) or not isinstance(construction.func, cst.Name):
        return None
    built = resolve_name(ctx, construction.func)
    if built is None or built.kind != "def" or not isinstance(built.node, cst.ClassDef):
        return None
    return _constructed_field(ctx, built.node, construction, attr)  # `cfg = Config(...)`; `cfg.data`


def _class_attribute(ctx: FileContext, classdef: cst.ClassDef, attr: str, depth: int = 0) -> cst.BaseExpression | None:
    """What `Cls.attr` holds: the class body's one top-level assignment, or (bound nowhere in
    the body) its one module base class's, up the chain as Python looks it up."""
    from codemods.analysis.local_names import _scope_info

    bindings = _scope_info(ctx, classdef).bindings.get(attr, [])
    if not bindings and depth < _BASE_DEPTH and (base := _module_base(ctx, classdef)) is not None:
        return _class_attribute(ctx, base, attr, depth + 1)  # `TERMetric.gather_spec` of `Metric`'s
    if len(bindings) != 1 or bindings[0].kind != "assign" or bindings[0].node not in _top_statements(classdef):
        return None
    return bindings[0].value


_BASE_DEPTH = 4


def _module_base(ctx: FileContext, classdef: cst.ClassDef, depth: int = 0) -> cst.ClassDef | None:
    """The one base of `class B(A):` when A is a plain class of the module (no keyword such as a
    metaclass on either, no base of A's that may be an Enum or define attributes unseen)."""
    from codemods.analysis.local_names import resolve_name

    if len(classdef.bases) != 1 or classdef.keywords or not isinstance(classdef.bases[0].value, cst.Name) \
            or depth >= _BASE_DEPTH:
        return None
    binding = resolve_name(ctx, classdef.bases[0].value)
    if binding is None or binding.kind != "def" or not isinstance(binding.node, cst.ClassDef) \
            or binding.node is classdef or binding.node.keywords:
        return None
    return binding.node if _enum_kind(ctx, binding.node, depth + 1) is None else None


def _top_statements(classdef: cst.ClassDef) -> list[cst.CSTNode]:
    body = classdef.body
    if not isinstance(body, cst.IndentedBlock):
        return list(body.body)
    return [small for line in body.body if isinstance(line, cst.SimpleStatementLine) for small in line.body]


def _method_class(ctx: FileContext, owner: cst.Name) -> cst.ClassDef | None:
    """The class whose method reads `owner` as its first parameter (`self`/`cls`), never rebound."""
    from codemods.analysis.local_names import _scope_info, parents, scope_of

    function = scope_of(ctx, owner)
    if not isinstance(function, cst.FunctionDef):
        return None
    params = function.params.posonly_params + function.params.params
    if not params or params[0].name.value != owner.value:
        return None
    if any(_decorator_name(ctx, d) == "builtins.staticmethod" for d in function.decorators):
        return None
    if _scope_info(ctx, function).bindings.get(owner.value):
        return None
    parent = parents(ctx).get(function)
    for _ in range(_SELF_DEPTH):
        if isinstance(parent, cst.ClassDef):
            return parent
        if parent is None or not isinstance(parent, (cst.IndentedBlock, cst.SimpleStatementSuite)):
            return None
        parent = parents(ctx).get(parent)
    return None


def _decorator_name(ctx: FileContext, decorator: cst.Decorator) -> str | None:
    expr = decorator.decorator
    if isinstance(expr, cst.Call):
        expr = expr.func
    if isinstance(expr, cst.Name) and expr.value in ("staticmethod", "classmethod", "dataclass") \
            and expr.value not in ctx.imports.bindings:
        return "builtins." + expr.value
    return ctx.imports.resolve(expr)


def _is_dataclass(ctx: FileContext, classdef: cst.ClassDef) -> bool:
    return any(_decorator_name(ctx, d) in _DATACLASS for d in classdef.decorators)


def _has_subclass(ctx: FileContext, classdef: cst.ClassDef) -> bool:
    def compute() -> set[str]:
        # The whole file's `ast`: a subclass may sit in a statement the sparse text blanks out.
        names: set[str] = set()
        for node in ast.walk(ctx.tree):
            if isinstance(node, ast.ClassDef):
                for base in node.bases:
                    value = base
                    while isinstance(value, ast.Attribute):
                        names.add(value.attr)
                        value = value.value
                    if isinstance(value, ast.Name):
                        names.add(value.id)
                    elif not isinstance(value, ast.Attribute):
                        names.add("*")  # a computed base: any class may be it
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "type" \
                    and len(node.args) == 3:
                names.add("*")  # `type(name, bases, ns)` builds a class from anything
        return names

    bases = ctx.cached("named_axes.bases", compute)
    return classdef.name.value in bases or "*" in bases


def _assigned_attributes(ctx: FileContext) -> frozenset[str]:
    """Attribute names the file assigns anywhere (`x.data = ...`); every name once `setattr` is
    called. Read on Python's `ast` of the whole file: rules may get a sparse text without the
    function (`swap()` called under `if __name__ == "__main__":`) that assigns one."""
    def compute() -> frozenset[str]:
        names: set[str] = set()
        for node in ast.walk(ctx.tree):
            if isinstance(node, ast.Attribute):
                if isinstance(node.ctx, (ast.Store, ast.Del)):
                    names.add(node.attr)
                if node.attr in ("__setattr__", "__dict__"):
                    names.add("*")
            elif isinstance(node, ast.Name) and node.id in ("setattr", "__setattr__", "__dict__", "vars", "delattr"):
                names.add("*")
        return frozenset(names)

    return ctx.cached("named_axes.assigned", compute)


def _constructed_field(ctx: FileContext, classdef: cst.ClassDef, call: cst.Call, attr: str) -> cst.BaseExpression | None:
    """`Config(...).attr`: the keyword the call passes, or the class default when the call passes
    nothing; a `typing.NamedTuple` class alike (its fields cannot be assigned). Positional
    arguments, `**kwargs`, a custom `__init__`/`__post_init__` or other base classes make it unknown."""
    named_tuple = _is_named_tuple(ctx, classdef)
    if (classdef.bases and not named_tuple) or any(arg.star or arg.keyword is None for arg in call.args):
        return None
    from codemods.analysis.local_names import _scope_info

    info = _scope_info(ctx, classdef)
    if any(name in info.bindings for name in ("__init__", "__post_init__", "__new__", "__getattr__", "__getattribute__")):
        return None
    given = [arg.value for arg in call.args if arg.keyword.value == attr]
    if given:
        return given[0] if named_tuple or _is_dataclass(ctx, classdef) else None
    default = _class_attribute(ctx, classdef, attr)
    from codemods.analysis.specs import PARTITION_SPEC

    if isinstance(default, cst.Call) and ctx.imports.resolve(default.func) != PARTITION_SPEC:
        return _field_default(ctx, classdef, default)
    return default


def _field_default(ctx: FileContext, classdef: cst.ClassDef, call: cst.Call) -> cst.BaseExpression | None:
    """A dataclass's `field(default=X)`, or `field(default_factory=lambda: X)` with X a P(...)
    or a literal (each object gets one made alike); anything else None."""
    from codemods.analysis.specs import PARTITION_SPEC, parse_axes

    if not _is_dataclass(ctx, classdef) or ctx.imports.resolve(call.func) != "dataclasses.field" \
            or any(arg.star or arg.keyword is None for arg in call.args):
        return None
    given = {arg.keyword.value: arg.value for arg in call.args}
    if "default" in given:
        return given["default"]
    factory = given.get("default_factory")
    if not isinstance(factory, cst.Lambda) or factory.params.params or factory.params.star_arg is not cst.MaybeSentinel.DEFAULT \
            or factory.params.kwonly_params or factory.params.posonly_params or factory.params.star_kwarg is not None:
        return None
    body = factory.body
    spec = isinstance(body, cst.Call) and ctx.imports.resolve(body.func) == PARTITION_SPEC
    return body if spec or parse_axes(body) is not None else None


_NAMED_TUPLES = frozenset({"typing.NamedTuple", "typing_extensions.NamedTuple"})


def _is_named_tuple(ctx: FileContext, classdef: cst.ClassDef) -> bool:
    """`class Layouts(NamedTuple):` with no other base, keyword or decorator."""
    return len(classdef.bases) == 1 and not classdef.keywords and not classdef.decorators \
        and ctx.imports.resolve(classdef.bases[0].value) in _NAMED_TUPLES


_ENUMS = frozenset({"enum.Enum", "enum.IntEnum", "enum.Flag", "enum.IntFlag"})


def _enum_kind(ctx: FileContext, classdef: cst.ClassDef, depth: int = 0) -> str | None:
    """None for a class with no base, "str" for a `str` Enum (its members are strings), "enum"
    for another Enum, "unknown" for any other base (it may be an Enum)."""
    if not classdef.bases:
        return None
    names = set()
    for base in classdef.bases:
        value = base.value
        if isinstance(value, cst.Name) and value.value in ("str", "object") and value.value not in ctx.imports.bindings:
            names.add("builtins." + value.value)
        elif base is classdef.bases[0] and _module_base(ctx, classdef, depth) is not None:
            names.add("builtins.object")  # a plain class of the module, itself no Enum
        else:
            names.add(ctx.imports.resolve(value) or "?")
    if "enum.StrEnum" in names or ("builtins.str" in names and names & _ENUMS):
        return "str"
    if names & _ENUMS:
        return "enum"
    return None if names == {"builtins.object"} else "unknown"


def _enum_value(ctx: FileContext, member: cst.Attribute) -> cst.BaseExpression | None:
    """`Axis.DATA.value` of an Enum class of the file whose member `DATA` is bound once."""
    from codemods.analysis.local_names import resolve_name

    if not isinstance(member.value, cst.Name) or member.attr.value in _assigned_attributes(ctx):
        return None
    binding = resolve_name(ctx, member.value)
    if binding is None or binding.kind != "def" or not isinstance(binding.node, cst.ClassDef) \
            or _enum_kind(ctx, binding.node) not in ("str", "enum") or _has_subclass(ctx, binding.node) \
            or any(isinstance(stmt, cst.FunctionDef) and stmt.name.value in ("__new__", "__init__")
                   for stmt in binding.node.body.body):
        return None  # (`__new__` or `__init__` may set `_value_` to something else than what is written)
    return _class_attribute(ctx, binding.node, member.attr.value)

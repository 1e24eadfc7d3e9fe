"""Specs a function or a method returns: `layout.activations()`, `spec_for(mesh)`, `self.spec()`;
and `P(axis)` written in a function whose parameter `axis` the call being followed binds.

Config objects keep the layout as methods (`def activations(self): return P(self.data,
self.model)`) and scripts pass `NamedSharding(mesh, layout.activations())`. A call of a module
function, of `self.method` or of a method of an instance built in the file (`layout = Layout()`)
whose body ends in its one `return` of a literal `P(...)` (or of another such call) is read as that
spec, its dimensions read through the call's arguments and the receiver's fields (a dataclass
default, a value given to the constructor). The result has no literal at the use: a fix writes
its axes by value. Anything else is unknown (None).
"""
from __future__ import annotations

from codemods.analysis.spec_sources import Env, Packed, _returned, bind_call, env_value, follow_spec, returned_by
from codemods.analysis.specs import PARTITION_SPEC, Axes, Spec, SpecLiteral, parse_axes, parse_axis_set
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")

MAX_DEPTH = 4


def returned_spec(ctx: FileContext, node: cst.BaseExpression, env: Env | None = None,
                  depth: int = 0) -> SpecLiteral | None:
    """The spec the call `node` certainly returns, else None."""
    if depth > MAX_DEPTH:
        return None
    read = node
    if isinstance(node, cst.Name) and env_value(ctx, node, env) is None:
        from codemods.analysis.local_names import follow_names

        read = follow_names(ctx, node)[0]  # `spec = grid.tiles`
    called = _property_read(ctx, read, env) if isinstance(read, cst.Attribute) else None
    if called is None:
        node, _ = follow_spec(ctx, node, env)
        if not isinstance(node, cst.Call):
            return None
        if ctx.imports.resolve(node.func) == PARTITION_SPEC:
            # `P(axis)`, `axis` bound by the call followed, or a parameter every call gives one value
            return _spec(ctx, node, env)
        called = _called(ctx, node, env)
    if called is None:
        return None
    value, inner = called
    if isinstance(value, cst.Call) and ctx.imports.resolve(value.func) == PARTITION_SPEC:
        return _spec(ctx, value, inner)
    return returned_spec(ctx, value, inner, depth + 1)


def _called(ctx: FileContext, call: cst.Call, env: Env | None):
    """(returned expression, Env binding the callee's parameters) of a call of a one-return
    module function, `self.method` or method of an instance built in the file; else None."""
    returned = returned_by(ctx, call.func)
    receiver = None
    if returned is None:
        found = _instance_method(ctx, call.func, env=env)
        if found is None:
            return None
        method, receiver, receiver_env = found
        returned = _returned(ctx, method, [], 1)
        if returned is None:
            return None
    function, value, bindable, skip = returned
    inner = bind_call(ctx, function, call, env, bindable, skip)
    if inner is None:
        return None
    if receiver is not None:
        first = [*function.params.posonly_params, *function.params.params][0].name.value
        inner = Env(function, {**inner.args, first: (receiver, receiver_env)})
    return value, inner


def _property_read(ctx: FileContext, node: cst.Attribute, env: Env | None):
    """`grid.tiles` of a `@property` (or `functools.cached_property`) whose getter ends in its one
    `return`: (returned expression, Env binding `self` to the receiver), like a call; else None."""
    found = _instance_method(ctx, node, getter=True, env=env)
    if found is None:
        return None
    method, receiver, receiver_env = found
    returned = _returned(ctx, method, [], 1, getter=True)
    if returned is None or len([*method.params.posonly_params, *method.params.params]) != 1:
        return None
    function, value, _, _ = returned
    first = [*function.params.posonly_params, *function.params.params][0].name.value
    return value, Env(function, {first: (receiver, receiver_env)})


def property_sharding(ctx: FileContext, node: cst.Attribute, env: Env | None):
    """(the `NamedSharding(...)` a property getter returns, Env binding `self`), else None."""
    from codemods.analysis.specs import NAMED_SHARDING

    found = _property_read(ctx, node, env)
    if found is None or not isinstance(found[0], cst.Call) or ctx.imports.resolve(found[0].func) != NAMED_SHARDING:
        return None
    return found


def _is_getter(ctx: FileContext, method: cst.FunctionDef) -> bool:
    """Whether the method's only decorator makes it a property read as an attribute."""
    from codemods.analysis.iterated import _bound_names

    if len(method.decorators) != 1:
        return False
    decorator = method.decorators[0].decorator
    if isinstance(decorator, cst.Name) and decorator.value == "property":
        return "property" not in _bound_names(ctx)
    return ctx.imports.resolve(decorator) == "functools.cached_property"


def _instance_method(ctx: FileContext, func: cst.BaseExpression, getter: bool = False, env: Env | None = None):
    """(method, receiver expression, the Env to read it under) for `obj.name` where `obj` (or a
    field `self.layouts` its constructor stored) certainly holds `Cls(...)` of a module class
    defining `name` as a plain method (a property's getter, `getter`), an attribute the file
    never assigns."""
    from codemods.analysis.local_names import resolve_name
    from codemods.analysis.named_axes import _assigned_attributes

    if not isinstance(func, cst.Attribute) or not isinstance(func.value, (cst.Name, cst.Call, cst.Attribute)):
        return None
    name = func.attr.value
    assigned = _assigned_attributes(ctx)
    if name in assigned or "*" in assigned:
        return None
    receiver, receiver_env = func.value, env
    if isinstance(receiver, cst.Attribute):  # `self.layouts.for_checkpoint()`: the object a field holds
        receiver, receiver_env = _field_held(ctx, receiver, env)
        if receiver is None:
            return None
    construction = receiver if isinstance(receiver, cst.Call) else _receiver_held(ctx, receiver, receiver_env)  # `Grid().tiles`
    if not isinstance(construction, cst.Call) or not isinstance(construction.func, cst.Name):
        return None
    built = resolve_name(ctx, construction.func)
    if built is None or built.kind != "def" or not isinstance(built.node, cst.ClassDef):
        return None
    methods = [statement for statement in built.node.body.body
               if isinstance(statement, cst.FunctionDef) and statement.name.value == name]
    others = [statement for statement in built.node.body.body if statement not in methods
              and _binds(statement, name)]
    if len(methods) != 1 or others or (not _is_getter(ctx, methods[0]) if getter else methods[0].decorators) \
            or not [*methods[0].params.posonly_params, *methods[0].params.params]:
        return None
    return methods[0], receiver, receiver_env


def _field_held(ctx: FileContext, field: cst.Attribute, env: Env | None):
    """(the expression a field of the receiver holds, the Env to read it under): a field its
    class's `__init__` stores from what the construction gives; (None, None) otherwise."""
    from codemods.analysis.spec_sources import _init_field

    found = _init_field(ctx, field, env)
    if found is None or not isinstance(found[0], (cst.Name, cst.Call)):
        return None, None
    return found


def _receiver_held(ctx: FileContext, name: cst.Name, env: Env | None):
    """What a receiver name holds: through the receivers the followed calls bind (`self` of a
    method read on `Exporter(mesh)`), then through local names."""
    from codemods.analysis.local_names import follow_names

    for _ in range(MAX_DEPTH):
        bound = env_value(ctx, name, env) if isinstance(name, cst.Name) else None
        if bound is None:
            break
        name, env = bound
    return name if isinstance(name, cst.Call) else follow_names(ctx, name)[0]


def _binds(statement: cst.CSTNode, name: str) -> bool:
    """Whether a class-body statement other than the method binds `name` too."""
    if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
        return statement.name.value == name
    if isinstance(statement, cst.SimpleStatementLine):
        return any(isinstance(target, cst.Name) and target.value == name
                   for small in statement.body
                   for target in _targets(small))
    return True  # a compound statement may bind anything


def _targets(small: cst.BaseSmallStatement) -> list:
    if isinstance(small, cst.Assign):
        return [target.target for target in small.targets]
    if isinstance(small, (cst.AnnAssign, cst.AugAssign)):
        return [small.target]
    return []


def _held_set(ctx: FileContext, node, env: Env | None) -> Axes | None:
    """The axis names a set (or tuple) display holds, each item read through `env`, once each."""
    from codemods.analysis.specs import string_value

    axes: list[str] = []
    for element in node.elements:
        held = _held(ctx, element.value, env) if type(element) is cst.Element else None
        name = string_value(held) if held is not None else None
        if name is None:
            return None
        if name not in axes:
            axes.append(name)
    return tuple(axes)


def _constructed(ctx: FileContext, construction: cst.Call, attr: str) -> cst.BaseExpression | None:
    """The field `attr` a construction of a module class gives (a dataclass default or argument)."""
    from codemods.analysis.local_names import resolve_name
    from codemods.analysis.named_axes import _assigned_attributes, _constructed_field

    assigned = _assigned_attributes(ctx)
    if not isinstance(construction.func, cst.Name) or attr in assigned or "*" in assigned:
        return None
    built = resolve_name(ctx, construction.func)
    if built is None or built.kind != "def" or not isinstance(built.node, cst.ClassDef):
        return None
    return _constructed_field(ctx, built.node, construction, attr)


def _spec(ctx: FileContext, call: cst.Call, env: Env | None) -> SpecLiteral | None:
    """The `P(...)` written in the callee, each argument read through `env`."""
    partitions: list[Axes] = []
    sets: dict[str, Axes] = {}
    for arg in call.args:
        if arg.star == "*" and arg.keyword is None:  # `P(*self.axes)`: one dimension per item
            items = _held_items(ctx, arg.value, env)
            if items is None:
                return None
            partitions.extend(items)
            continue
        if arg.star:
            return None
        held = _held(ctx, arg.value, env)
        if held is None:
            return None
        if arg.keyword is None:
            axes = parse_axes(held)
            if axes is None:
                from codemods.analysis.named_axes import named_axes
                axes = named_axes(ctx, held)
            if axes is None and isinstance(held, cst.Tuple):  # `P((self.data, self.model))`
                axes = _held_set(ctx, held, env)
                axes = axes if axes is not None and len(axes) == len(held.elements) else None
            if axes is None:
                return None
            partitions.append(axes)
            continue
        if arg.keyword.value not in ("reduced", "unreduced"):
            return None
        axes = parse_axis_set(ctx, held)
        if axes is None and isinstance(held, cst.Set):  # `reduced={drop}`: each item read through `env`
            axes = _held_set(ctx, held, env)
        if axes is None:
            return None
        sets[arg.keyword.value] = axes
    spec = Spec(tuple(partitions), sets.get("reduced", ()), sets.get("unreduced", ()))
    return SpecLiteral(call, spec, (), None)


def _held_items(ctx: FileContext, node: cst.BaseExpression, env: Env) -> list | None:
    """The axes of each item of the tuple literal `node` holds in the callee (`self.axes` of a
    constructor default), one dimension each; else None."""
    held = _held(ctx, node, env)
    if not isinstance(held, cst.Tuple) or not all(type(e) is cst.Element for e in held.elements):
        return None
    items = [parse_axes(element.value) for element in held.elements]
    return None if any(axes is None for axes in items) else items


def _held(ctx: FileContext, node: cst.BaseExpression, env: Env) -> cst.BaseExpression | None:
    """What `node` holds in the callee: `self.field` read on the receiver the call binds (and
    `self.axes[1]`, a constant index of a tuple literal it holds)."""
    from codemods.analysis.named_axes import attribute_value

    if isinstance(node, cst.Subscript) and len(node.slice) == 1 and isinstance(node.slice[0].slice, cst.Index) \
            and isinstance(node.slice[0].slice.value, cst.Integer):
        whole = _held(ctx, node.value, env)
        index = int(node.slice[0].slice.value.value)
        if isinstance(whole, cst.Tuple) and all(type(e) is cst.Element for e in whole.elements) \
                and index < len(whole.elements):
            return whole.elements[index].value
        return None

    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
        bound = env_value(ctx, node.value, env)
        if bound is not None:
            receiver, outer = bound
            from codemods.analysis.iterated import init_field

            stored = init_field(ctx, node, env)  # `self.data = data` of the receiver's `__init__`
            if stored is not None:
                return follow_spec(ctx, *stored)[0]
            for _ in range(MAX_DEPTH):  # `self` bound to `__init__`'s parameter, bound in turn to the caller's name
                further = env_value(ctx, receiver, outer) if isinstance(receiver, cst.Name) else None
                if further is None:
                    break
                receiver, outer = further
            if isinstance(receiver, cst.Call):  # `Layout(...).spec()`, `layout.spec()`: the construction
                held = _constructed(ctx, receiver, node.attr.value)
            else:
                held = attribute_value(ctx, node.with_changes(value=receiver)) if isinstance(receiver, cst.Name) else None
            return follow_spec(ctx, held, outer)[0] if held is not None else None
    held, _ = follow_spec(ctx, node, env)
    return None if isinstance(held, Packed) else held

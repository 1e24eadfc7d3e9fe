"""Fields a Keras-style `build(input_shape)` stores from the shape it is given (issue 13):

    def build(self, input_shape):
        self.local_features = input_shape[-1]
    def __call__(self, inputs):
        if not self.built:
            self.build(inputs.shape)

When it was stored is not followed (the lazy build runs on the first call), but what it holds
is: a dimension of a shape, a Python int, the same on every device. A read of such a field of an
object of a module class is that host number (its value unknown) when every store of the
attribute in the module is `self.<attr> = <param>[<int>]` (or `len(<param>)`) at the top level of
a method, `<param>` a parameter of it never rebound there, and every call of a method of that
name in the module passes, for that parameter, `<expr>.shape`, a tuple of int literals or the
same parameter of a method of that name it is written in (`super().build(input_shape)`); the
method name is read nowhere but as the callee of such calls, and nothing sets attributes by name
(`setattr`, `__dict__`). Anything else leaves the read as it was.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, positional_params
from codemods.analysis.values import STATIC, AxisState, Instance, Value


class ShapeFields:
    """Interpreter hook (which supplies eval, the field stores and the field changers)."""

    def eval_Attribute(self, expr: ast.Attribute, frame) -> Value:
        value = super().eval_Attribute(expr, frame)
        if not (isinstance(value, AxisState) and value.unknown) or type(expr.ctx) is not ast.Load \
                or not _shape_field(self, expr.attr):
            return value
        owner = self.eval_silently(expr.value, frame)  # read again for the object only
        from codemods.analysis.class_families import Family

        return STATIC if isinstance(owner, (Instance, Family)) else value


def _shape_field(interp, attr: str) -> bool:
    cache = interp.scope.tree.__dict__.setdefault("_shardfix_shape_fields", {})
    if attr not in cache:
        cache[attr] = _reads_shape(interp, attr)
    return cache[attr]


def _reads_shape(interp, attr: str) -> bool:
    from codemods.analysis.field_changers import Everything

    stores = interp._attribute_stores().get(attr, ())
    if not stores or isinstance(interp._field_changers(), Everything) or attr in interp._field_changers():
        return False
    methods = _store_methods(interp.scope.tree)
    for target in stores:
        found = methods.get(id(target))
        if found is None:
            return False
        method, param = found
        if not _shape_calls(interp.scope.tree, method.name, positional_params(method.args).index(param) - 1, param.arg):
            return False
    return True


def _store_methods(tree: ast.Module) -> dict[int, tuple]:
    """id of the target of each `self.<attr> = <param>[<int>]` / `len(<param>)` statement at the
    top level of a method of a module class -> (method, param)."""
    found = getattr(tree, "_shardfix_shape_stores", None)
    if found is not None:
        return found
    found = {}
    for cls in (node for node in ast.walk(tree) if type(node) is ast.ClassDef):
        for method in cls.body:
            params = positional_params(method.args) if type(method) is ast.FunctionDef else []
            if len(params) < 2 or method.decorator_list:
                continue
            own, named = params[0].arg, {param.arg: param for param in params[1:]}
            rebound = {node.id for node in ast.walk(method) if type(node) is ast.Name and type(node.ctx) is not ast.Load}
            for stmt in method.body:
                if type(stmt) is not ast.Assign or len(stmt.targets) != 1 or type(stmt.targets[0]) is not ast.Attribute \
                        or type(stmt.targets[0].value) is not ast.Name or stmt.targets[0].value.id != own:
                    continue
                source = _dimension_of(stmt.value)
                if source in named and source not in rebound and own not in rebound:
                    found[id(stmt.targets[0])] = (method, named[source])
    tree._shardfix_shape_stores = found
    return found


def _dimension_of(value: ast.expr) -> str | None:
    """The parameter `value` takes one dimension (or the rank) of."""
    if type(value) is ast.Subscript and type(value.value) is ast.Name:
        index = value.slice
        if type(index) is ast.UnaryOp and type(index.op) is ast.USub:
            index = index.operand
        return value.value.id if type(index) is ast.Constant and type(index.value) is int else None
    if type(value) is ast.Call and type(value.func) is ast.Name and value.func.id == "len" and len(value.args) == 1 \
            and not value.keywords and type(value.args[0]) is ast.Name:
        return value.args[0].id
    return None


def _shape_calls(tree: ast.Module, name: str, index: int, param: str) -> bool:
    """Every reference to `.name` in the module is a call passing a shape for the parameter."""
    for node in ast.walk(tree):
        if type(node) is ast.Attribute and node.attr == name and type(node.ctx) is ast.Load:
            if not _passes_shape(tree, node, index, param, name):
                return False
        elif type(node) is ast.Name and node.id == name or type(node) is ast.Constant and node.value == name:
            return False  # `getattr(layer, "build")`, a bare reference
    return True


def _passes_shape(tree: ast.Module, attribute: ast.Attribute, index: int, param: str, name: str) -> bool:
    from codemods.analysis.nodes import module_parents

    parents = module_parents(tree)
    call = parents.get(id(attribute))
    if type(call) is not ast.Call or call.func is not attribute \
            or any(type(arg) is ast.Starred for arg in call.args) or any(k.arg is None for k in call.keywords):
        return False
    given = call.args[index] if index < len(call.args) else next((k.value for k in call.keywords if k.arg == param), None)
    if given is None:
        return False
    if type(given) is ast.Attribute and given.attr == "shape" and type(given.ctx) is ast.Load:
        return True
    if type(given) is ast.Tuple and all(type(item) is ast.Constant and type(item.value) is int for item in given.elts):
        return True
    if type(given) is ast.Name:  # `super().build(input_shape)` in a `build` handing its own parameter on
        method = parents.get(id(call))
        while method is not None and type(method) not in DEFS:
            method = parents.get(id(method))
        if method is None or method.name != name:
            return False
        params = positional_params(method.args)
        return index + 1 < len(params) and params[index + 1].arg == given.id \
            and not any(type(node) is ast.Name and node.id == given.id and type(node.ctx) is not ast.Load
                        for node in ast.walk(method))
    return False

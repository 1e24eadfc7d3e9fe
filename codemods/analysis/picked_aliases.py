"""A class picked from a registry into a local name before it is called (issue 13):
`cls = MODEL_ZOO[name]` then `return cls(**{**cls.default_hparams, **overrides})`, the model-zoo
factory's spelling of `MODEL_ZOO[name](...)`.

The name must be a plain local of one module function, bound only by that statement and read
only as the callee of a call (a construction of whichever class the key picks) or for a class
attribute that is not called (`cls.default_hparams`): then the class goes nowhere else, and every
object it builds is one of those calls. Any other read (handed on, returned, stored, rebound, a
nested scope that may see it) leaves the registry's constructions unknown, as before.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import DEFS, iter_nodes, module_parents
from codemods.analysis.values import AxisState, ClassValue, Value


class PickedAliases:
    """Interpreter hook: `cls = TABLE[key]` (as above) reads the one class of the module's
    registry the key can pick (class_registries.registry_class), as `TABLE[key](...)` does."""

    def eval_Subscript(self, expr: ast.Subscript, frame) -> Value:
        value = super().eval_Subscript(expr, frame)
        if not (isinstance(value, AxisState) and value.unknown) or type(expr.value) is not ast.Name:
            return value
        parents = module_parents(self.scope.tree)
        function = parents.get(id(parents.get(id(expr))))
        while function is not None and not isinstance(function, DEFS + (ast.Lambda, ast.ClassDef)):
            function = parents.get(id(function))
        picked = aliased_pick(expr.value, parents, (function,))
        if picked is None:
            return value
        from codemods.analysis.class_registries import registry_class  # (which reads aliased_pick)
        from codemods.analysis.dispatch import _key_value
        from codemods.analysis.user_decorators import lexical_scopes

        call = ast.Call(func=expr, args=[], keywords=[])
        scopes = frame.static_scopes if frame.static_scopes is not None else lexical_scopes(frame)
        cls = registry_class(self.scope, call, scopes, _key_value(self, call, frame), builds=tuple(picked[0]))
        return ClassValue(cls) if cls is not None else value


def aliased_pick(node: ast.Name, parents, scopes) -> tuple[list[ast.Call], ast.expr] | None:
    """(the calls of `cls` for `cls = TABLE[key]`, key), node being TABLE; None otherwise."""
    subscript = parents.get(id(node))
    assign = parents.get(id(subscript))
    if type(subscript) is not ast.Subscript or subscript.value is not node or type(subscript.ctx) is not ast.Load \
            or type(subscript.slice) in (ast.Slice, ast.Starred) or type(assign) is not ast.Assign \
            or assign.value is not subscript or len(assign.targets) != 1 or type(assign.targets[0]) is not ast.Name \
            or not scopes or type(scopes[-1]) is not ast.FunctionDef:
        return None
    target, function = assign.targets[0], scopes[-1]
    calls = []
    for read in iter_nodes(function):
        if isinstance(read, DEFS + (ast.Lambda, ast.Global, ast.Nonlocal, ast.ClassDef)) and read is not function:
            return None  # a nested scope may read or rebind it
        if type(read) is ast.arg and read.arg == target.id:
            return None  # a parameter of that name: not one binding
        if type(read) is not ast.Name or read.id != target.id or read is target:
            continue
        parent = parents.get(id(read))
        if type(read.ctx) is not ast.Load:
            return None  # bound again (or deleted)
        if type(parent) is ast.Call and parent.func is read:
            calls.append(parent)
        elif type(parent) is ast.Attribute and parent.value is read and type(parent.ctx) is ast.Load \
                and not parent.attr.startswith("__") \
                and not (type(parents.get(id(parent))) is ast.Call and parents.get(id(parent)).func is parent):
            continue  # `cls.default_hparams`: a class attribute read, which builds nothing
        else:
            return None  # handed on, returned, compared: what it builds is not followed
    return calls, subscript.slice

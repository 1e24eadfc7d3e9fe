"""`getattr(jax.lax, name)` with a name the analysis knows: the JAX function it reads (issue 13);
`getattr(self, f"diag_{name}")` on an object of a module class: the attribute spelled out.

Code that picks its collective from a table or a flag (`getattr(jax.lax, REDUCTIONS[how])`)
calls the same function as the attribute spelled out. Only the two-argument form is read: with a
default, a missing attribute gives the default instead, which the analysis cannot tell apart."""
from __future__ import annotations

import ast

from codemods import jaxapi
from codemods.analysis.values import AxisState, ClassValue, Const, Function, Instance, JaxName, Partial, Value

GETATTR = "builtins.getattr"


def jax_attribute(args, keywords, starred) -> Value | None:
    """The JaxName `getattr(module, "name")` reads, or None when it is not certain."""
    if starred or keywords or len(args) != 2:
        return None
    receiver, name = args[0][0], args[1][0]
    if not (isinstance(receiver, JaxName) and isinstance(name, Const) and isinstance(name.value, str)):
        return None
    if not name.value.isidentifier():
        return None
    return JaxName(jaxapi.canonical(f"{receiver.name}.{name.value}"))


def object_attribute(interp, args, keywords, starred) -> Value | None:
    """`getattr(obj, "name")` of an object (or class) of a module class: what `obj.name` reads,
    through the class reading the interpreter does for the attribute written out."""
    if starred or keywords or len(args) not in (2, 3):
        return None
    receiver, name = args[0][0], args[1][0]
    if not (isinstance(receiver, (Instance, ClassValue)) and isinstance(name, Const) and isinstance(name.value, str)
            and name.value.isidentifier()):
        return None
    found = interp.class_attribute(receiver, name.value)
    if len(args) == 3 and (not isinstance(found, (Function, Partial)) or _lookup_hooks(interp.scope.tree)):
        return None  # `getattr(cb, "on_end", None)`: a method found never raises AttributeError, which
        # would give the default, unless a class hooks the lookup (`__getattribute__` may give anything);
        # anything else (a property may raise it) is not decided here
    return found


def _lookup_hooks(tree: ast.Module) -> bool:
    from codemods.analysis.nodes import nodes_of_type

    return any(function.name in ("__getattribute__", "__getattr__") for function in nodes_of_type(tree, ast.FunctionDef))


def spelled_method(interp, expr, frame):
    """`getattr(x, reduction)(axis=0)` of an array `x`, with `reduction` a str the analysis
    knows here ("mean"): the call `x.mean(axis=0)` written out, one node per call and name (a run
    picking another name judges another node, so no two runs' verdicts are taken as one)."""
    func = expr.func
    if type(func) is not ast.Call or type(func.func) is not ast.Name or len(func.args) != 2 or func.keywords \
            or type(func.args[0]) is not ast.Name or type(func.args[1]) not in (ast.Name, ast.Attribute, ast.Constant):
        return expr
    callee = interp.eval(func.func, frame)
    if not (isinstance(callee, JaxName) and callee.name == GETATTR):
        return expr
    name = interp.eval(func.args[1], frame)
    if not (isinstance(name, Const) and isinstance(name.value, str) and name.value.isidentifier()) \
            or type(interp.eval(func.args[0], frame)) is not AxisState:
        return expr
    spelled = interp.__dict__.setdefault("_spelled_methods", {})
    key = (id(expr), name.value)
    if key not in spelled:
        method = ast.copy_location(ast.Attribute(value=func.args[0], attr=name.value, ctx=ast.Load()), func)
        spelled[key] = (expr, ast.copy_location(ast.Call(func=method, args=expr.args, keywords=expr.keywords), expr))
    return spelled[key][1]

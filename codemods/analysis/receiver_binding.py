"""The receiver a followed method call binds to `self`, and properties read on it (SF104).

`Cls(...).name(...)` or `obj.name(...)` of a construction runs the method with that construction
as `self`; inside a method followed with `self` bound, `self.other(...)` runs another method on
the same receiver. A property read on such a receiver (`self.layout`) is what its getter returns
with `self` bound so (returned_specs.py reads a `P(...)` it returns field by field).
"""
from __future__ import annotations

from codemods.analysis.spec_sources import Env, env_value
from codemods.context import FileContext
from codemods.lazy import lazy_module

cst = lazy_module("libcst")


def bound_receiver(ctx: FileContext, function, call: cst.Call, env: Env | None):
    """(the receiver's parameter, what it is bound to) for a method call, else None."""
    return _constructed_receiver(ctx, function, call) or _own_receiver(ctx, function, call, env)


def _constructed_receiver(ctx: FileContext, function, call: cst.Call):
    """(the receiver's parameter, the construction) when `call` is `Cls(...).name(...)` or
    `obj.name(...)` of a construction and `function` the method it runs (call_sites.py), the
    receiver never rebound in it; else None."""
    from codemods.analysis.call_sites import constructed_method
    from codemods.analysis.local_names import _scope_info

    found = constructed_method(ctx, call.func)
    if found is None and isinstance(function, cst.FunctionDef) and function.name.value == "__call__":
        found = _called_instance(ctx, function, call)  # `obj(x)` of `obj = Cls(...)`
    if found is None or found[0] is not function:
        return None
    me = [*function.params.posonly_params, *function.params.params][0].name.value
    return None if me in _scope_info(ctx, function).bindings else (me, found[1])


def _own_receiver(ctx: FileContext, function, call: cst.Call, env: Env | None):
    """(the receiver's parameter, the caller's receiver) for `self.name(...)` read where the call
    being followed binds `self` (a method calling another of its object: the same receiver)."""
    from codemods.analysis.call_sites import self_method
    from codemods.analysis.local_names import _scope_info

    func = call.func
    if not isinstance(func, cst.Attribute) or not isinstance(func.value, cst.Name) \
            or env_value(ctx, func.value, env) is None or self_method(ctx, func) is not function:
        return None
    me = [*function.params.posonly_params, *function.params.params][0].name.value
    return None if me in _scope_info(ctx, function).bindings else (me, func.value)


def instance_call(ctx: FileContext, call: cst.Call, env: Env | None):
    """(what `__call__` returns, Env binding its parameters and `self`) for `obj(...)` where `obj`
    holds a construction of a plain module class defining `__call__` once, undecorated, ending in
    its one `return` (the call dispatches on the class, whatever the instance stores); else None."""
    from codemods.analysis.call_sites import _construction
    from codemods.analysis.iterated import _class_binds, _method, _plain_class
    from codemods.analysis.local_names import _scope_info
    from codemods.analysis.spec_sources import _returned, bind_call

    if not isinstance(call.func, cst.Name) or env_value(ctx, call.func, env) is not None:
        return None
    construction = _construction(ctx, call.func)
    cls = _plain_class(construction[0]) if construction is not None else None
    method = _method(cls, "__call__") if cls is not None else None
    if method is None or method.decorators or sum(isinstance(s, cst.FunctionDef) and s.name.value == "__call__"
                                                  for s in cls.body.body) != 1:
        return None
    if _class_binds(cls.with_changes(body=cls.body.with_changes(body=[s for s in cls.body.body if s is not method])),
                    "__call__"):
        return None
    returned = _returned(ctx, method, [], 1)
    if returned is None:
        return None
    function, value, bindable, skip = returned
    inner = bind_call(ctx, function, call, env, bindable, skip)
    me = [*function.params.posonly_params, *function.params.params][0].name.value
    if inner is None or me in _scope_info(ctx, function).bindings:
        return None
    return value, Env(function, {**inner.args, me: (call.func, env)})


def getter_value(ctx: FileContext, node: cst.Attribute, env: Env | None):
    """(what a property's getter returns, Env binding its receiver) for `obj.name`; a `P(...)` it
    returns is left to returned_specs.py, which reads its fields on the receiver."""
    from codemods.analysis.returned_specs import _property_read
    from codemods.analysis.specs import PARTITION_SPEC

    read = _property_read(ctx, node, env)
    if read is None or isinstance(read[0], cst.Call) and ctx.imports.resolve(read[0].func) == PARTITION_SPEC:
        return None
    return read


def _called_instance(ctx: FileContext, function, call: cst.Call):
    """(`__call__`, the construction) when `call` is one of instance_calls' calls of the class
    defining `function`: `Cls(...)(x)`, or `obj(x)` with `obj = Cls(...)`."""
    from codemods.analysis.call_sites import _construction, _method_class, instance_calls

    cls = _method_class(ctx, function)
    calls = instance_calls(ctx, cls, function) if cls is not None else None
    if not calls or not any(found is call for found in calls):
        return None
    construction = _construction(ctx, call.func)
    return (function, construction[1]) if construction is not None and construction[0] is cls else None

"""A decorator on `__init__` that only chooses how to call it (issue 13).

Detectron2's `configurable` lets `Net(cfg, mesh)` build an object from a config:

    def configurable(init_func):
        @functools.wraps(init_func)
        def wrapped(self, *args, **kwargs):
            if args and isinstance(args[0], CfgNode):
                return init_func(self, **type(self).from_config(*args, **kwargs))
            return init_func(self, *args, **kwargs)
        return wrapped

`init_wrappers` finds such decorators among a module's functions: one parameter, a body that
defines the wrapper (decorated by nothing but `functools.wraps` of that parameter) and returns
it; the wrapper takes `(self, *args, **kwargs)` and is made of `if TEST: return CALL` statements
and a last `return CALL` (or the call alone), each CALL the parameter called with `self` first.
Its tests and arguments read only the wrapper's parameters and module names: the decorator's
parameter is only ever called. `wrapped_arguments` evaluates the tests in order on a
construction's arguments and gives the arguments the chosen call hands `__init__`; a test whose
truth it does not know, or a `*` it cannot spread, leaves the construction unknown.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import positional_params
from codemods.analysis.pyvalues import SPREAD
from codemods.analysis.recorded_configs import is_recording, recording
from codemods.analysis.values import DictValue, Instance, TupleValue, truth


def init_wrappers(scope) -> dict[str, ast.FunctionDef]:
    """Module function name -> the wrapper it puts in place of the `__init__` it decorates."""
    found: dict[str, ast.FunctionDef] = {}
    for stmt in scope.tree.body:
        if type(stmt) is ast.FunctionDef and not stmt.decorator_list \
                and scope.globals.unique_function(stmt.name) is stmt \
                and (wrapper := _wrapper(scope, stmt)) is not None:
            found[stmt.name] = wrapper
    return found


def wrapped_init(init: ast.FunctionDef, wrappers: dict[str, ast.FunctionDef]) -> ast.FunctionDef | None:
    """The wrapper of an `__init__` whose one decorator is one of `wrappers`."""
    if len(init.decorator_list) == 1 and type(init.decorator_list[0]) is ast.Name:
        return wrappers.get(init.decorator_list[0].id)
    return None


def wrapped_arguments(interp, wrapper: ast.FunctionDef, cls: ast.ClassDef, positional: list,
                      given: dict) -> tuple[list, dict] | None:
    """(positional, keywords) the wrapper hands `__init__` for `cls(*positional, **given)`."""
    from codemods.analysis.interpreter import Frame

    if is_recording(wrapper):
        return positional, given
    me, star, spread = _parameters(wrapper)
    frame = Frame(wrapper, interp.module_frame)
    frame.vars[me] = Instance(cls, None, building=True)
    frame.vars[star] = TupleValue(tuple(positional), "tuple")  # `*args` is a tuple
    frame.vars[spread] = DictValue(tuple(given), tuple(given.values()))
    for stmt in _code(wrapper.body):
        if type(stmt) is ast.If:
            taken = truth(interp.eval(stmt.test, frame))
            if taken is None:
                return None
            if not taken:
                continue
            stmt = stmt.body[0]
        args, keywords, starred = interp._eval_args(stmt.value, frame)
        if starred and starred != SPREAD:
            return None
        return [value for value, _ in args[1:]], {name: value for name, (value, _) in keywords.items()}
    return None


def _wrapper(scope, function: ast.FunctionDef) -> ast.FunctionDef | None:
    params = positional_params(function.args)
    body = _code(function.body)
    if len(params) != 1 or function.args.vararg or function.args.kwarg or function.args.kwonlyargs \
            or len(body) != 2 or type(body[0]) is not ast.FunctionDef or type(body[1]) is not ast.Return \
            or type(body[1].value) is not ast.Name or body[1].value.id != body[0].name:
        return None
    wrapped, wrapper = params[0].arg, body[0]
    if not all(_is_wraps(scope, decorator, wrapped) for decorator in wrapper.decorator_list) \
            or _parameters(wrapper) is None or wrapped in _parameters(wrapper):
        return None
    if recording(scope, function, wrapper, *_parameters(wrapper)):
        return wrapper  # it records the arguments, then runs `__init__` with them (recorded_configs.py)
    steps = _code(wrapper.body)
    if not steps or type(steps[-1]) not in (ast.Return, ast.Expr):
        return None
    calls = [stmt.body[0] if type(stmt) is ast.If else stmt for stmt in steps]
    if any(type(stmt) is ast.If and (len(stmt.body) != 1 or stmt.orelse or type(stmt.body[0]) is not ast.Return)
           for stmt in steps[:-1]) or any(type(stmt) is not ast.If for stmt in steps[:-1]):
        return None
    me = _parameters(wrapper)[0]
    for call in calls:
        value = call.value
        if type(value) is not ast.Call or type(value.func) is not ast.Name or value.func.id != wrapped \
                or not value.args or type(value.args[0]) is not ast.Name or value.args[0].id != me:
            return None
    # Read by the evaluation: the tests and the arguments; the decorator's own names are not in its frame.
    read = [stmt.test for stmt in steps if type(stmt) is ast.If] + [node for call in calls for node in
                                                                    call.value.args + [k.value for k in call.value.keywords]]
    own = {wrapped, wrapper.name}
    if any(type(node) is ast.NamedExpr or type(node) is ast.Name and node.id in own
           for expr in read for node in ast.walk(expr)):
        return None
    return wrapper


def _parameters(wrapper: ast.FunctionDef) -> tuple[str, str, str] | None:
    """(self, args, kwargs) of `def wrapped(self, *args, **kwargs)`."""
    arguments = wrapper.args
    params = positional_params(arguments)
    if len(params) != 1 or arguments.posonlyargs or arguments.kwonlyargs or arguments.defaults \
            or arguments.vararg is None or arguments.kwarg is None:
        return None
    return params[0].arg, arguments.vararg.arg, arguments.kwarg.arg


def _is_wraps(scope, decorator: ast.expr, wrapped: str) -> bool:
    return type(decorator) is ast.Call and scope.resolve(decorator.func, ()) == "functools.wraps" \
        and len(decorator.args) == 1 and not decorator.keywords and type(decorator.args[0]) is ast.Name \
        and decorator.args[0].id == wrapped


def _code(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements after a docstring."""
    if body and type(body[0]) is ast.Expr and type(body[0].value) is ast.Constant and isinstance(body[0].value.value, str):
        return body[1:]
    return body

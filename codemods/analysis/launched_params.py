"""The arguments a decorator's wrapper supplies to the def it wraps (issue 13): Hydra's
`@hydra.main(config_name=...)`, written by hand as `def hydra_main(config_name): def
decorator(task): @functools.wraps(task) def launch(*args): return task(compose(config_name),
*args)`. The def's name is bound to `launch`, so every run of the def is that one call: its first
parameter is `compose(config_name)` evaluated where the wrapper runs (the factory's arguments in
its closure), whatever the callers of `main(*inputs())` pass after it.

Read only when the def is a module def under that one decorator (wrapper_decorators.py gives
the wrapper), the decorator's parameter (the def) is read only as the callee of one call in the
wrapper (and in `functools.wraps(...)`), that call passes the parameter's position as an
expression of no name the wrapper binds, followed only by the wrapper's own `*args`.
"""
from __future__ import annotations

import ast

from codemods.analysis.nodes import positional_params
from codemods.analysis.values import Function, Value


class LaunchedParams:
    """Interpreter half (the Interpreter supplies wrapped_by_decorator, eval and frames)."""

    def launched_parameter(self, name: str, function) -> Value | None:
        from codemods.analysis.interpreter import Frame

        if function not in self.scope.tree.body or len(getattr(function, "decorator_list", ())) != 1:
            return None
        params = [param.arg for param in positional_params(function.args)]
        if name not in params:
            return None
        wrapped = self.wrapped_by_decorator(function, self.module_frame)
        if not isinstance(wrapped, Function) or not isinstance(wrapped.node, ast.FunctionDef):
            return None
        wrapper, decorator = wrapped.node, wrapped.closure.function
        if not isinstance(decorator, ast.FunctionDef) or len(decorator.args.args) != 1:
            return None
        task = decorator.args.args[0].arg
        given = _passed(decorator, wrapper, task, params.index(name))
        if given is None:
            return None
        value = self.eval(given, Frame(wrapper, wrapped.closure))
        return value if _certain(value) else None


def _passed(decorator: ast.FunctionDef, wrapper: ast.FunctionDef, task: str, index: int) -> ast.expr | None:
    reads = [node for node in ast.walk(decorator) if type(node) is ast.Name and node.id == task]
    calls = [node for node in ast.walk(wrapper) if type(node) is ast.Call and type(node.func) is ast.Name
             and node.func.id == task]
    wraps = [d.args[0] for d in wrapper.decorator_list if type(d) is ast.Call and len(d.args) == 1]
    if len(calls) != 1 or any(read is not calls[0].func and read not in wraps for read in reads):
        return None
    call = calls[0]
    own = {a.arg for a in ast.walk(wrapper.args) if type(a) is ast.arg} | {
        n.id for n in ast.walk(wrapper) if type(n) is ast.Name and not isinstance(n.ctx, ast.Load)}
    leading = [arg for arg in call.args if type(arg) is not ast.Starred]
    rest = call.args[len(leading):]
    if call.keywords or any(type(arg) is ast.Starred for arg in leading) or index >= len(leading) \
            or len(rest) > 1 or rest and not (wrapper.args.vararg is not None and type(rest[0].value) is ast.Name
                                              and rest[0].value.id == wrapper.args.vararg.arg):
        return None
    given = leading[index]
    if any(type(n) is ast.Name and n.id in own for n in ast.walk(given)):
        return None
    return given


def _certain(value: Value) -> bool:
    from codemods.analysis.cli_args import Namespace
    from codemods.analysis.values import Const, DictValue, Instance, TupleValue, settled

    return isinstance(value, (Namespace, Const)) or isinstance(value, Instance) and settled(value) \
        or isinstance(value, (TupleValue, DictValue)) and "AxisState" not in repr(value)

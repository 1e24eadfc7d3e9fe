"""Which objects a module's functions are handed (mutation.py's aliases): a change through a
parameter changes what a call, a default, a partial or a map gave it."""
from __future__ import annotations

import ast
from types import SimpleNamespace

from codemods.analysis.curried_defs import curried_shift
from codemods.analysis.nodes import nodes_of_type

_MAPPERS = frozenset({"map", "filter"})


def _named_lambdas(tree: ast.Module) -> list:
    """`narrow = lambda cfg: ...` as a def named `narrow` (its parameters only)."""
    return [SimpleNamespace(name=stmt.targets[0].id, args=stmt.value.args, lambda_=True)
            for stmt in nodes_of_type(tree, ast.Assign)
            if type(stmt.value) is ast.Lambda and len(stmt.targets) == 1 and type(stmt.targets[0]) is ast.Name]


def _calls_handing_arguments(tree: ast.Module):
    """Every call, and for `partial(f, *a, **k)` / `map(f, xs)` the call of f they stand for."""
    for call in nodes_of_type(tree, ast.Call):
        yield call
        callee = call.func.attr if type(call.func) is ast.Attribute else call.func.id if type(call.func) is ast.Name else None
        if not call.args or type(call.args[0]) not in (ast.Name, ast.Attribute):
            continue
        if callee == "partial":
            yield ast.Call(func=call.args[0], args=call.args[1:], keywords=call.keywords)
        elif callee in _MAPPERS and len(call.args) >= 2:
            yield ast.Call(func=call.args[0], args=[ast.Starred(value=arg, ctx=ast.Load()) for arg in call.args[1:]],
                           keywords=[])


def bound_parameters(tree: ast.Module):
    """(parameter names, expression, whether it binds an item of it) for each default of a def
    and each argument a call by name hands a def, a lambda bound to a name, or a class of the
    module (matched by name, whatever the scopes: more names only ever mean more changes): a
    positional argument binds its place (past the receiver of a method or constructor), a
    keyword its name; a star or `**` may bind any parameter. `functools.partial(f, *args)` hands
    f its arguments as a call would; `map(f, xs)` and `filter(f, xs)` hand it the items of xs
    (found by adversarial12)."""
    defs: dict[str, list[tuple[tuple[str, ...], tuple[str, ...], str | None, bool]]] = {}
    functions = [*nodes_of_type(tree, ast.FunctionDef), *nodes_of_type(tree, ast.AsyncFunctionDef), *_named_lambdas(tree)]
    for node in functions:
        args = node.args
        positional = [*args.posonlyargs, *args.args]
        for param, default in zip(positional[len(positional) - len(args.defaults):], args.defaults):
            yield [param.arg], default, False
        for param, default in zip(args.kwonlyargs, args.kw_defaults):
            if default is not None:
                yield [param.arg], default, False
    inits = {}
    for cls in nodes_of_type(tree, ast.ClassDef):
        init = next((stmt for stmt in cls.body if isinstance(stmt, ast.FunctionDef) and stmt.name == "__init__"), None)
        if init is not None:
            inits.setdefault(cls.name, []).append(init)
    for function in functions:
        inits.setdefault(function.name, []).append(function)
    for name, found in inits.items():
        for function in found:
            args = function.args
            positional = [param.arg for param in (*args.posonlyargs, *args.args)]
            every = [param.arg for param in args.kwonlyargs] + [extra.arg for extra in (args.vararg, args.kwarg) if extra]
            # a receiver, or parameters a curried def's own call fills (curried_defs.py), come first
            shift = 1 if function.name == "__init__" else 0 if getattr(function, "lambda_", False) \
                else curried_shift(tree, function)
            signature = (tuple(positional), tuple(every), args.vararg.arg if args.vararg else None, shift)
            if signature not in defs.setdefault(name, []):  # test modules define many alike `def f(x)`
                defs[name].append(signature)
    for call in _calls_handing_arguments(tree):
        func = call.func
        name = func.id if type(func) is ast.Name else func.attr if type(func) is ast.Attribute else None
        found = defs.get(name)
        if not found or not call.args and not call.keywords:
            continue
        for positional, rest, vararg, init in found:  # (`init`: the leading parameters no argument binds)
            # a method (called on an object) or a constructor: the first parameter is the receiver
            skip = min(len(positional), max(init, 1 if type(func) is ast.Attribute else 0))
            every = positional[skip:] + rest
            starred = False
            for index, arg in enumerate(call.args):
                if type(arg) is ast.Starred:
                    starred = True
                    yield every, arg.value, True
                elif starred:
                    yield every, arg, False
                elif index + skip < len(positional):
                    yield [positional[index + skip]], arg, False
                else:
                    yield ([vararg] if vararg is not None else every), arg, False
            for keyword in call.keywords:
                if keyword.arg is None:
                    yield every, keyword.value, True  # `**fields`: its values
                else:
                    yield ([keyword.arg] if keyword.arg in every else every), keyword.value, False

"""Keywords a gin-like `@configurable` feeds a class's `__init__` (issue 13):

    def configurable(obj):
        name = obj.__name__
        if isinstance(obj, type):
            init = obj.__init__

            @functools.wraps(init)
            def __init__(self, *args, **kwargs):
                init(self, *args, **{**_BINDINGS.get(name, {}), **kwargs})

            obj.__init__ = __init__
            return obj
        ...  # (functions: a wrapper of the same kind, wrapper_decorators.py)

or the class branch alone as a class decorator's body. `EntropyBonus()` of a class under it runs the class's own `__init__` with the class's bindings
where the call leaves a keyword out. The bindings are what the interpreter knows of
`_BINDINGS.get("EntropyBonus", {})` at module level (a table a parser fills: parsed_tables.py),
when every key is a str; a binding for a parameter the call fills by position raises in Python
(nothing runs: unknown), and so does a class whose `__name__` some code may change.
"""
from __future__ import annotations

import ast

from codemods.analysis.decorators import wraps_of
from codemods.analysis.nodes import positional_params
from codemods.analysis.registry_params import own_name
from codemods.analysis.values import DictValue


def configured_keywords(interp, cls: ast.ClassDef, positional: list, given: dict) -> dict | None:
    """The keywords `__init__` gets for a construction of `cls` under such a decorator, else None."""
    if len(cls.decorator_list) != 1 or type(cls.decorator_list[0]) is not ast.Name:
        return None
    function, _ = interp.scope.lookup_function(cls.decorator_list[0].id, ())
    if not isinstance(function, ast.FunctionDef) or function.decorator_list or interp.scope.class_of(function) is not None:
        return None
    table = _table_read(interp.scope, function)
    init = next((stmt for stmt in cls.body if isinstance(stmt, ast.FunctionDef) and stmt.name == "__init__"), None)
    if table is None or init is None or not interp._names_kept() or own_name(interp.scope, cls) != cls.name:
        return None
    held = interp.lookup(table, interp.module_frame)  # `TABLE.get(name, {})`
    bindings = (held.get(cls.name) or DictValue((), ())) if type(held) is DictValue else None
    if type(bindings) is not DictValue or not all(type(key) is str for key in bindings.keys):
        return None
    taken = {param.arg for param in positional_params(init.args)[1:len(positional) + 1]}
    if taken & set(bindings.keys):
        return None  # `__init__() got multiple values`: the construction raises
    return {**dict(zip(bindings.keys, bindings.items)), **given}


def _table_read(scope, decorator: ast.FunctionDef) -> str | None:
    """The module table whose item the decorator's class branch splats first into `__init__`'s
    keywords, keyed by the class's `__name__`; None when the decorator is not of that shape."""
    params = positional_params(decorator.args)
    args = decorator.args
    if len(params) != 1 or args.vararg or args.kwarg or args.kwonlyargs:
        return None
    obj = params[0].arg
    body = _code(decorator.body)
    named = None
    if body and type(body[0]) is ast.Assign and len(body[0].targets) == 1 and type(body[0].targets[0]) is ast.Name \
            and _is_attr(body[0].value, obj, "__name__"):
        named, body = body[0].targets[0].id, body[1:]
    if len(body) == 4 and type(body[0]) is ast.Assign:
        branch = body  # a decorator for classes alone
    elif body and type(body[0]) is ast.If and not body[0].orelse and _type_test(scope, body[0].test, obj) \
            and len(body[0].body) == 4:
        branch = body[0].body
    else:
        return None
    saved, wrapper, replaced, returned = branch
    if not (type(saved) is ast.Assign and len(saved.targets) == 1 and type(saved.targets[0]) is ast.Name
            and _is_attr(saved.value, obj, "__init__")):
        return None
    init = saved.targets[0].id
    if not (type(wrapper) is ast.FunctionDef and type(replaced) is ast.Assign and len(replaced.targets) == 1
            and _is_attr(replaced.targets[0], obj, "__init__") and type(replaced.value) is ast.Name
            and replaced.value.id == wrapper.name and type(returned) is ast.Return
            and type(returned.value) is ast.Name and returned.value.id == obj):
        return None
    if len({obj, init, named, wrapper.name} - {None}) != (4 if named else 3):
        return None
    return _wrapper_table(scope, wrapper, init, obj, named)


def _wrapper_table(scope, wrapper: ast.FunctionDef, init: str, obj: str, named: str | None) -> str | None:
    """`def __init__(self, *args, **kwargs): init(self, *args, **{**TABLE.get(KEY, {}), **kwargs})`."""
    args = wrapper.args
    params = positional_params(args)
    if len(params) != 1 or args.vararg is None or args.kwarg is None or args.kwonlyargs or args.defaults \
            or not all(type(wraps_of(scope, d, ())) is ast.Name and wraps_of(scope, d, ()).id == init
                       for d in wrapper.decorator_list):
        return None
    me, star, kw = params[0].arg, args.vararg.arg, args.kwarg.arg
    steps = _code(wrapper.body)
    call = steps[0].value if len(steps) == 1 and type(steps[0]) in (ast.Expr, ast.Return) else None
    if not (type(call) is ast.Call and type(call.func) is ast.Name and call.func.id == init and len(call.args) == 2
            and type(call.args[0]) is ast.Name and call.args[0].id == me and type(call.args[1]) is ast.Starred
            and type(call.args[1].value) is ast.Name and call.args[1].value.id == star
            and len(call.keywords) == 1 and call.keywords[0].arg is None and type(call.keywords[0].value) is ast.Dict):
        return None
    merged = call.keywords[0].value
    if merged.keys != [None, None] or type(merged.values[1]) is not ast.Name or merged.values[1].id != kw:
        return None
    read = merged.values[0]
    if not (type(read) is ast.Call and type(read.func) is ast.Attribute and read.func.attr == "get"
            and type(read.func.value) is ast.Name and not read.keywords and len(read.args) == 2
            and type(read.args[1]) is ast.Dict and not read.args[1].keys):
        return None
    key = read.args[0]
    if not (named is not None and type(key) is ast.Name and key.id == named or _is_attr(key, obj, "__name__")):
        return None
    table = read.func.value.id
    return table if table not in {me, star, kw, init, obj, named} else None


def _type_test(scope, test: ast.expr, obj: str) -> bool:
    """`isinstance(obj, type)` of the builtins."""
    return not scope.globals.binds("isinstance") and not scope.globals.binds("type") and type(test) is ast.Call and type(test.func) is ast.Name and test.func.id == "isinstance" \
        and len(test.args) == 2 and not test.keywords and type(test.args[0]) is ast.Name and test.args[0].id == obj \
        and type(test.args[1]) is ast.Name and test.args[1].id == "type"


def _is_attr(node: ast.expr, owner: str, attr: str) -> bool:
    return type(node) is ast.Attribute and node.attr == attr and type(node.value) is ast.Name and node.value.id == owner


def _code(body: list[ast.stmt]) -> list[ast.stmt]:
    if body and type(body[0]) is ast.Expr and type(body[0].value) is ast.Constant and isinstance(body[0].value.value, str):
        return body[1:]
    return body

"""What a class decorator does to the `__init__` written in the class (issue 13).

A construction `Net(shard_axis="batch")` runs the class's `__init__` only if no decorator replaced
it. A decorator may rewrite the keywords first: gin-style configuration fills them from a table,

    BINDINGS = {"Net.shard_axis": "feature"}

    def configurable(cls):
        init = cls.__init__

        @functools.wraps(init)
        def wrapped(self, **kw):
            for key, value in BINDINGS.items():
                owner, name = key.split(".")
                if owner == cls.__name__:
                    kw.setdefault(name, value)
            init(self, **kw)

        cls.__init__ = wrapped
        return cls

so `Net()` builds with `shard_axis="feature"`, and a keyword the call writes wins. `init_fills`
reads a class's decorators: {} when each leaves `__init__` as written (`dataclass`, which keeps
an `__init__` the class defines; one that only files the class in a table, user_decorators.py),
the keywords such a filler adds (their expressions, read at module level) when one decorator is
exactly the form above (`kw.setdefault`, `(self, **kw)` or `(self, *args, **kw)`, the table a
module dict literal of string keys the file never changes, every key with one dot), and None for
any other decorator (its wrapper may set what it likes: the constructor's arguments are unknown).
"""
from __future__ import annotations

import ast

from codemods.analysis.configurable_classes import configured_keywords
from codemods.analysis.mutation import mutated_names
from codemods.analysis.nodes import last_name, positional_params
from codemods.analysis.user_decorators import files_class

_KEEPING = frozenset({"dataclass"})  # an `__init__` the class defines is kept
# Decorators that return the class with its `__init__` as written.
_KEEPING_NAMES = frozenset({"jax.tree_util.register_pytree_node_class", "jax.tree_util.register_pytree_with_keys_class",
                            "typing.final", "functools.total_ordering", "enum.unique"})


def init_fills(scope, cls: ast.ClassDef) -> tuple[dict[str, ast.expr], bool] | None:
    """(keywords a decorator adds when the call leaves them out, whether positional arguments
    still reach `__init__`) for a class whose decorators are all understood; else None."""
    fills: dict[str, ast.expr] = {}
    positional = True
    for decorator in cls.decorator_list:
        if files_class(scope, decorator) or last_name(getattr(decorator, "func", decorator)) in _KEEPING \
                or scope.resolve(decorator, ()) in _KEEPING_NAMES:
            continue
        found = _filler(scope, decorator, cls)
        if found is None or fills:
            return None  # two fillers: which runs first matters
        fills, positional = found
    return fills, positional


def fed_keywords(interp, cls: ast.ClassDef, positional: list, given: dict) -> dict | None:
    """The keywords `__init__` gets for a construction of `cls` passing `positional` and `given`
    (a filler's bindings where the call leaves them out), None when a decorator makes it unknown."""
    kept = init_fills(interp.scope, cls)
    if kept is None:
        return configured_keywords(interp, cls, positional, given)  # gin's `**{**_BINDINGS.get(name, {}), **kw}`
    if positional and not kept[1]:
        return None
    fills = {name: interp.eval(expr, interp.module_frame) for name, expr in kept[0].items() if name not in given}
    return {**fills, **given}


def _filler(scope, decorator: ast.expr, cls: ast.ClassDef) -> tuple[dict[str, ast.expr], bool] | None:
    if not isinstance(decorator, ast.Name) or scope.resolve(decorator, ()) is not None:
        return None
    function, _ = scope.lookup_function(decorator.id, ())
    if not isinstance(function, ast.FunctionDef) or function.decorator_list or scope.class_of(function) is not None:
        return None
    params = positional_params(function.args)
    body = _code(function.body)
    if len(params) != 1 or function.args.vararg or function.args.kwarg or function.args.kwonlyargs or len(body) != 4:
        return None
    klass = params[0].arg
    saved, wrapper, replaced, returned = body
    if not (isinstance(saved, ast.Assign) and len(saved.targets) == 1 and isinstance(saved.targets[0], ast.Name)
            and _is_attr(saved.value, klass, "__init__")):
        return None
    init = saved.targets[0].id
    if not (isinstance(replaced, ast.Assign) and len(replaced.targets) == 1
            and _is_attr(replaced.targets[0], klass, "__init__") and isinstance(wrapper, ast.FunctionDef)
            and isinstance(replaced.value, ast.Name) and replaced.value.id == wrapper.name
            and isinstance(returned, ast.Return) and isinstance(returned.value, ast.Name)
            and returned.value.id == klass):
        return None
    found = _wrapper(scope, wrapper, init, klass)
    if found is None:
        return None
    table, positional = found
    fills = _bindings(table, cls.name)
    return (fills, positional) if fills is not None else None


def _wrapper(scope, wrapper: ast.FunctionDef, init: str, klass: str) -> tuple[ast.Dict, bool] | None:
    """(the table, whether `*args` are passed on) of `def wrapped(self[, *args], **kw)` made of the
    filling loop and the call of the saved `__init__`."""
    arguments = wrapper.args
    params = positional_params(arguments)
    if len(params) != 1 or arguments.kwonlyargs or arguments.kwarg is None or arguments.posonlyargs \
            or any(d for d in arguments.defaults) or not all(_is_wraps(scope, d, init) for d in wrapper.decorator_list):
        return None
    me, kw = params[0].arg, arguments.kwarg.arg
    star = arguments.vararg.arg if arguments.vararg is not None else None
    if len(_code(wrapper.body)) != 2:
        return None
    loop, call = _code(wrapper.body)
    call = call.value if isinstance(call, (ast.Expr, ast.Return)) else None
    expected = [ast.Name] + ([ast.Starred] if star else [])
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == init
            and [type(arg) for arg in call.args] == expected and call.args[0].id == me
            and (not star or isinstance(call.args[1].value, ast.Name) and call.args[1].value.id == star)
            and len(call.keywords) == 1 and call.keywords[0].arg is None
            and isinstance(call.keywords[0].value, ast.Name) and call.keywords[0].value.id == kw):
        return None
    table = _filling_loop(scope, loop, kw, klass)
    return (table, star is not None) if table is not None else None


def _filling_loop(scope, loop: ast.stmt, kw: str, klass: str) -> ast.Dict | None:
    """`for key, value in TABLE.items(): owner, name = key.split("."); if owner == cls.__name__:
    kw.setdefault(name, value)`: the table's dict literal."""
    if not (isinstance(loop, ast.For) and not loop.orelse and isinstance(loop.target, ast.Tuple)
            and len(loop.target.elts) == 2 and all(isinstance(e, ast.Name) for e in loop.target.elts)
            and isinstance(loop.iter, ast.Call) and isinstance(loop.iter.func, ast.Attribute)
            and loop.iter.func.attr == "items" and not loop.iter.args and not loop.iter.keywords
            and isinstance(loop.iter.func.value, ast.Name) and len(loop.body) == 2):
        return None
    key, value = (e.id for e in loop.target.elts)
    split, test = loop.body
    if not (isinstance(split, ast.Assign) and len(split.targets) == 1 and isinstance(split.targets[0], ast.Tuple)
            and len(split.targets[0].elts) == 2 and all(isinstance(e, ast.Name) for e in split.targets[0].elts)
            and isinstance(split.value, ast.Call) and isinstance(split.value.func, ast.Attribute)
            and split.value.func.attr == "split" and isinstance(split.value.func.value, ast.Name)
            and split.value.func.value.id == key and len(split.value.args) == 1 and not split.value.keywords
            and isinstance(split.value.args[0], ast.Constant) and split.value.args[0].value == "."):
        return None
    owner, name = (e.id for e in split.targets[0].elts)
    if len({key, value, owner, name, kw, klass}) != 6:
        return None
    if not (isinstance(test, ast.If) and not test.orelse and len(test.body) == 1
            and isinstance(test.test, ast.Compare) and len(test.test.ops) == 1 and isinstance(test.test.ops[0], ast.Eq)
            and isinstance(test.test.left, ast.Name) and test.test.left.id == owner
            and _is_attr(test.test.comparators[0], klass, "__name__")):
        return None
    store = test.body[0]
    store = store.value if isinstance(store, ast.Expr) else None
    if not (isinstance(store, ast.Call) and isinstance(store.func, ast.Attribute) and store.func.attr == "setdefault"
            and isinstance(store.func.value, ast.Name) and store.func.value.id == kw and not store.keywords
            and [type(a) for a in store.args] == [ast.Name, ast.Name] and store.args[0].id == name
            and store.args[1].id == value):
        return None
    table_name = loop.iter.func.value.id
    if table_name in mutated_names(scope.tree) or not scope.globals.binds(table_name):
        return None
    table = scope.globals.unique_value(table_name)
    return table if isinstance(table, ast.Dict) else None


def _bindings(table: ast.Dict, owner: str) -> dict[str, ast.expr] | None:
    """The table's items for `owner` (`"Net.shard_axis"` -> shard_axis); None when a key is not a
    string with exactly one dot (the wrapper's unpacking raises) or repeats."""
    fills: dict[str, ast.expr] = {}
    seen = set()
    for key, value in zip(table.keys, table.values):
        if not isinstance(key, ast.Constant) or not isinstance(key.value, str) or key.value.count(".") != 1 \
                or key.value in seen:
            return None
        seen.add(key.value)
        cls_name, name = key.value.split(".")
        if cls_name == owner:
            fills[name] = value
    return fills


def _code(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements after a docstring."""
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        return body[1:]
    return body


def _is_attr(node: ast.expr, owner: str, attr: str) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == attr and isinstance(node.value, ast.Name) \
        and node.value.id == owner


def _is_wraps(scope, decorator: ast.expr, init: str) -> bool:
    return isinstance(decorator, ast.Call) and scope.resolve(decorator.func, ()) == "functools.wraps" \
        and len(decorator.args) == 1 and not decorator.keywords and isinstance(decorator.args[0], ast.Name) \
        and decorator.args[0].id == init

"""A registry that keeps each function with the keywords its decorator was given (issue 13),
MONAI-style metric tables:

    METRICS = {}

    def register_metric(name, **defaults):
        def wrap(fn):
            METRICS[name] = (fn, defaults)
            return fn
        return wrap

    @register_metric("dice", smooth=1e-5, voxel_axis="vox")
    def dice(pred, target, smooth, voxel_axis): ...

read as `fn, defaults = METRICS[name]` and called `fn(pred, target, **defaults)`; a record
`METRICS[name] = {"impl": fn, "default": defaults}` is read by its keys the same way. Python binds
`**defaults` to a new dict of the decorator call's keywords, so each entry holds the pair (the
def, that dict). Read only when the decorator gives its key as one str literal and every keyword
a constant or a tuple of constants, and (held.py checks it) no code of the module changes a
container in place but the table's own store: the dict the entry keeps is then the one the
decorator line wrote.
"""
from __future__ import annotations

import ast

from codemods.analysis.argument_binding import bind, source_arguments
from codemods.analysis.nodes import literal_value
from codemods.analysis.values import DictValue


def keyword_factory(scope, store: ast.Subscript) -> ast.FunctionDef | None:
    """`def factory(key, **kw): def deco(fn): TABLE[key] = (fn, kw); return fn; return deco`,
    a module function bound once, for the store `TABLE[key]`."""
    for factory, deco in _filing_factories(scope, store):
        params, fn = factory.args, _only_param(deco.args)
        if params.posonlyargs or params.kwonlyargs or params.vararg or params.defaults or len(params.args) != 1 \
                or params.kwarg is None or fn is None:
            return None
        assign, back = deco.body
        pair = assign.value
        if type(store.slice) is not ast.Name or store.slice.id != params.args[0].arg \
                or sorted(_pair_names(pair)) != sorted([fn, params.kwarg.arg]) \
                or type(pair) is ast.Tuple and _pair_names(pair) != [fn, params.kwarg.arg] \
                or type(back) is not ast.Return or type(back.value) is not ast.Name or back.value.id != fn \
                or scope.globals.unique_function(factory.name) is not factory:
            return None
        return factory
    return None


def record_keys(scope, store: ast.Subscript) -> tuple[str, str] | None:
    """The keys of the function and of the keywords where the factory files a record
    (`TABLE[key] = {"impl": fn, "default": kw}`, Hugging Face's pipeline table); None for a pair."""
    for factory, deco in _filing_factories(scope, store):
        record = deco.body[0].value
        if type(record) is ast.Dict:
            fn = _only_param(deco.args)
            keys = dict(zip(_pair_names(record), (key.value for key in record.keys)))
            return keys[fn], keys[factory.args.kwarg.arg]
    return None


def _pair_names(pair: ast.expr) -> list[str]:
    """The two names `(fn, kw)` or `{"impl": fn, "default": kw}` holds (literal str keys), in
    order; [] for anything else."""
    if type(pair) is ast.Tuple:
        items = pair.elts
    elif type(pair) is ast.Dict and all(type(key) is ast.Constant and type(key.value) is str for key in pair.keys) \
            and len({key.value for key in pair.keys}) == len(pair.keys):
        items = pair.values
    else:
        return []
    if len(items) != 2 or any(type(item) is not ast.Name for item in items):
        return []
    return [item.id for item in items]


def _filing_factories(scope, store: ast.Subscript):
    """(factory, deco) for each module `def factory(...): def deco(fn): <store> = ...; return ...;
    return deco` whose store is `store`."""
    for factory in scope.tree.body:
        if type(factory) is not ast.FunctionDef or factory.decorator_list or len(factory.body) != 2:
            continue
        deco, returned = factory.body
        if type(deco) is ast.FunctionDef and not deco.decorator_list and len(deco.body) == 2 \
                and type(returned) is ast.Return and type(returned.value) is ast.Name \
                and returned.value.id == deco.name and type(deco.body[0]) is ast.Assign \
                and deco.body[0].targets == [store]:
            yield factory, deco


def decorator_keywords(decorator: ast.Call, factory: ast.FunctionDef):
    """(the key, the keywords as (name, constant) pairs) of `@factory("dice", smooth=1e-5)`;
    (None, None) when the key is not one positional str literal or a keyword is not a constant."""
    key_param = factory.args.args[0].arg
    if len(decorator.args) != 1 or type(decorator.args[0]) is not ast.Constant \
            or not isinstance(decorator.args[0].value, str) \
            or any(k.arg is None or k.arg == key_param or not _constant(k.value) for k in decorator.keywords):
        return None, None
    return decorator.args[0], tuple((k.arg, k.value) for k in decorator.keywords)


def _constant(node: ast.expr) -> bool:
    """A literal constant, or a tuple display of them (`axes=("data", "model")`: a tuple no code
    can change)."""
    return type(node) is ast.Constant or type(node) is ast.Tuple and isinstance(literal_value(node), tuple)


def keywords_value(keywords: tuple[tuple[str, ast.expr], ...], evaluate) -> DictValue:
    """The dict `**defaults` binds: each constant as `evaluate` (the interpreter at module level) reads it."""
    return DictValue(tuple(name for name, _ in keywords), tuple(evaluate(value) for _, value in keywords))


def _only_param(args: ast.arguments) -> str | None:
    if args.posonlyargs or args.kwonlyargs or args.vararg or args.kwarg or args.defaults or len(args.args) != 1:
        return None
    return args.args[0].arg


def param_factory(scope, store: ast.Subscript) -> tuple[ast.FunctionDef, str] | None:
    """(factory, the parameter kept) of `def estimator(name, axes=AXES): def register(fn):
    TABLE[name] = (fn, axes); return fn; return register`, a module function bound once whose
    parameters are plain (no `*`, `**` or keyword-only ones): each entry holds the def and what
    the decorator line gave that parameter (its default when it gave nothing)."""
    for factory, deco in _filing_factories(scope, store):
        params, fn = factory.args, _only_param(deco.args)
        names = [param.arg for param in params.args]
        if params.posonlyargs or params.kwonlyargs or params.vararg or params.kwarg or len(names) < 2 \
                or len(params.defaults) >= len(names) or fn is None:
            return None
        assign, back = deco.body
        pair = assign.value
        if type(store.slice) is not ast.Name or store.slice.id != names[0] or type(pair) is not ast.Tuple \
                or len(pair.elts) != 2 or any(type(item) is not ast.Name for item in pair.elts) \
                or pair.elts[0].id != fn or pair.elts[1].id not in names[1:] \
                or type(back) is not ast.Return or type(back.value) is not ast.Name or back.value.id != fn \
                or scope.globals.unique_function(factory.name) is not factory \
                or any(type(node) is ast.Name and node.id in names and id(node) not in (id(store.slice), id(pair.elts[1]))
                       for node in ast.walk(deco)):
            return None
        return factory, pair.elts[1].id
    return None


def decorator_param(decorator: ast.Call, factory: ast.FunctionDef, param: str) -> tuple:
    """(the key, the expression the decorator line gives `param`, else its default) of
    `@estimator("binder")`; (None, None) when the key is not one positional str literal or the
    arguments do not bind plainly."""
    names = [arg.arg for arg in factory.args.args]
    defaults = dict(zip(names[len(names) - len(factory.args.defaults):], factory.args.defaults))
    arguments = source_arguments(decorator)
    given = None if arguments is None else bind(names, *arguments, defaults)
    if given is None or not decorator.args or type(decorator.args[0]) is not ast.Constant \
            or not isinstance(decorator.args[0].value, str):
        return None, None
    return decorator.args[0], given.get(param)

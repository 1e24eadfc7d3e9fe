"""`operator.itemgetter`, `attrgetter`, `methodcaller` and `getitem` in a script run (script_run.py;
issue 13).

Functional-style code names its projections instead of writing them: `pick_axis = itemgetter(1)`,
`sorted(pairs, key=itemgetter(1))`, `attrgetter("axes.latent")(cfg)`, `map(methodcaller("split",
","), rows)`, `reduce(operator.getitem, keys, table)`. Each is exactly the expression it names,
run by the run as that expression: `itemgetter(k)(obj)` is `obj[k]`, `itemgetter(a, b)(obj)` is
`(obj[a], obj[b])` (the keys in order); `attrgetter("a.b")(obj)` is `obj.a.b` (each dotted part in
turn; several names give a tuple); `methodcaller(name, *args, **kw)(obj)` is
`getattr(obj, name)(*args, **kw)`. The getters take exactly one argument (CPython raises
TypeError otherwise: the run stops there rather than model the message). An attrgetter's names
must be strs (CPython's TypeError at construction: not modelled, Bail).
"""
from __future__ import annotations

import ast

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import RunCallable


def _item(run, holder: object, key: object) -> object:
    made = ast.Subscript(ast.Constant(holder), ast.Constant(key), ast.Load())
    site = getattr(run, "node", None)
    if site is not None and hasattr(site, "lineno"):
        for part in (made, made.value, made.slice):  # (at the call's line: a site the run may report)
            ast.copy_location(part, site)
    return run.eval(made, run.module_env)


class ItemGetter(RunCallable):
    __slots__ = ("keys",)

    def __init__(self, keys: tuple) -> None:
        self.keys = keys

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if len(args) != 1 or kwargs:
            raise Bail
        found = tuple(_item(run, args[0], key) for key in self.keys)
        return found[0] if len(self.keys) == 1 else found


class AttrGetter(RunCallable):
    __slots__ = ("paths",)

    def __init__(self, paths: tuple) -> None:
        self.paths = paths

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if len(args) != 1 or kwargs:
            raise Bail
        found = []
        for path in self.paths:
            value = args[0]
            for part in path.split("."):
                value = run.attribute(value, part)
            found.append(value)
        return found[0] if len(found) == 1 else tuple(found)


class MethodCaller(RunCallable):
    __slots__ = ("args", "kwargs", "name")

    def __init__(self, name: str, args: list, kwargs: dict) -> None:
        self.name, self.args, self.kwargs = name, args, kwargs

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if len(args) != 1 or kwargs:
            raise Bail
        return run.call(run.attribute(args[0], self.name), list(self.args), dict(self.kwargs))


def _itemgetter(run, args: list, kwargs: dict) -> ItemGetter:
    if not args or kwargs:
        raise Bail
    return ItemGetter(tuple(args))


def _attrgetter(run, args: list, kwargs: dict) -> AttrGetter:
    if not args or kwargs or not all(type(path) is str for path in args):
        raise Bail
    return AttrGetter(tuple(args))


def _methodcaller(run, args: list, kwargs: dict) -> MethodCaller:
    if not args or type(args[0]) is not str:
        raise Bail
    return MethodCaller(args[0], list(args[1:]), dict(kwargs))


def _getitem(run, args: list, kwargs: dict) -> object:
    if len(args) != 2 or kwargs:
        raise Bail
    return _item(run, args[0], args[1])


LIBRARY = {"operator.itemgetter": _itemgetter, "operator.attrgetter": _attrgetter,
           "operator.methodcaller": _methodcaller, "operator.getitem": _getitem}

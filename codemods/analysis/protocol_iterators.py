"""Python's two iterators that call the program back, in a script run (script_run.py; issue 13):
`iter(read_next, None)` (a reader polled until it answers the sentinel) and the old sequence
protocol, `for name in axes` over an object whose class defines `__getitem__` but no `__iter__`
(asked for items 0, 1, 2, ... until it raises IndexError).

Both are lazy: each item is asked for when the consumer asks, between the consumer's own steps,
exactly as a generator's body runs. So the run gives them as generators, whose bodies are the
loops CPython's `callable_iterator` and sequence iterator run:

    while True:                          index = 0
        value = func()                   while True:
        if value == sentinel:                try:
            return                               item = obj[index]
        yield value                          except IndexError:
                                                 return
                                             yield item
                                             index += 1

and every consumer of a generator the run models (a `for`, `list(...)`, `next(...)`, a
comprehension over it) walks them as Python walks the iterator. (CPython's callable iterator
also ends when the call raises StopIteration, and its sequence iterator on StopIteration from
`__getitem__`: the run stops at a StopIteration the program raises, so these never arise.)
"""
from __future__ import annotations

import ast

from codemods.analysis.host_exprs import Env
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import UFunc, UObj

_CALLED = ast.parse("""
def callable_iterator(func, sentinel):
    while True:
        value = func()
        if value == sentinel:
            return
        yield value
""").body[0]

_SEQUENCE = ast.parse("""
def sequence_iterator(obj):
    index = 0
    while True:
        try:
            item = obj[index]
        except IndexError:
            return
        yield item
        index += 1
""").body[0]


def _generator(run, node: ast.FunctionDef, args: list) -> object:
    env = Env(None, frozenset())
    env.vars["IndexError"] = IndexError  # (the builtin, whatever the module binds to that name)
    return run.run_func(UFunc(node, env, [], {}), args, {})


def called_until(run, func: object, sentinel: object) -> object:
    """`iter(func, sentinel)`."""
    from codemods.analysis.script_builtins import CALLABLES

    if not isinstance(func, CALLABLES):
        raise Bail  # (a builtin callable or an object: not followed)
    return _generator(run, _CALLED, [func, sentinel])


def sequence_walk(run, obj: UObj) -> object | None:
    """`iter(obj)` for an instance of a plain module class with `__getitem__` and no `__iter__`;
    None when that is not the case."""
    if obj.data is not None or obj.cls.lookup("__iter__") is not None:
        return None
    found = obj.cls.lookup("__getitem__")
    if found is None or type(found[1]) is not UFunc:
        return None
    return _generator(run, _SEQUENCE, [obj])

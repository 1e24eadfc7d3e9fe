"""Python's iterators that call the program back, in a script run (script_run.py; issue 13):
`iter(read_next, None)` (a reader polled until it answers the sentinel), the old sequence
protocol, `for name in axes` over an object whose class defines `__getitem__` but no `__iter__`
(asked for items 0, 1, 2, ... until it raises IndexError), and an iterator class (`__iter__`
returning an object whose class defines `__next__`, asked until it raises StopIteration).

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

(the iterator class's loop the same with `item = type(it).__next__(it)` until StopIteration),
and every consumer of a generator the run models (a `for`, `list(...)`, `next(...)`, a
comprehension over it) walks them as Python walks the iterator. (CPython's callable iterator
also ends when the call raises StopIteration, and its sequence iterator on StopIteration from
`__getitem__`: the run stops at a StopIteration the program raises, so these never arise.)
"""
from __future__ import annotations

import ast

from codemods.analysis.host_exprs import Env
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, UFunc, UObj

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


_STEPPED = ast.parse("""
def iterator_walk(step):
    while True:
        try:
            item = step()
        except StopIteration:
            return
        yield item
""").body[0]


def _generator(run, node: ast.FunctionDef, args: list) -> object:
    env = Env(None, frozenset())
    env.vars.update(IndexError=IndexError, StopIteration=StopIteration)  # (the builtins, whatever the module binds)
    return run.run_func(UFunc(node, env, [], {}), args, {})


def called_until(run, func: object, sentinel: object) -> object:
    """`iter(func, sentinel)`."""
    from codemods.analysis.script_builtins import CALLABLES

    if not isinstance(func, CALLABLES):
        raise Bail  # (a builtin callable or an object: not followed)
    return _generator(run, _CALLED, [func, sentinel])


def stepped(run, it: object) -> object | None:
    """What a `for` walks when `__iter__` handed back an iterator object of a module class (often
    itself): its class's `__next__`, looked up on the type as Python does, until StopIteration."""
    if type(it) is not UObj or it.data is not None:
        return None
    found = it.cls.lookup("__next__")
    if found is None or type(found[1]) is not UFunc:
        return None
    return _generator(run, _STEPPED, [Bound(found[1], it)])


def next_of(run, it: UObj, default: object, given: bool) -> object:
    """`next(it)` / `next(it, default)` of an iterator object of a module class."""
    from codemods.analysis.host_exprs import Raised

    found = it.cls.lookup("__next__")
    if it.data is not None or found is None or type(found[1]) is not UFunc:
        raise Bail
    try:
        return run.call(Bound(found[1], it), [], {})
    except Raised as raised:
        if given and type(raised.error) is StopIteration:
            return default
        raise


def sequence_walk(run, obj: UObj) -> object | None:
    """`iter(obj)` for an instance of a plain module class with `__getitem__` and no `__iter__`;
    None when that is not the case."""
    if obj.data is not None or obj.cls.lookup("__iter__") is not None:
        return None
    found = obj.cls.lookup("__getitem__")
    if found is None or type(found[1]) is not UFunc:
        return None
    return _generator(run, _SEQUENCE, [obj])

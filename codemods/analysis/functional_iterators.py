"""`itertools.chain`, `chain.from_iterable`, `accumulate`, `starmap`, `cycle`, `islice`,
`groupby` and `count` in a script run (script_run.py; issue 13).

Functional-style code builds its axis groups and stage lists with itertools (`accumulate(map(
lambda a: (a,), axes), lambda acc, a: acc + a)`, `islice(cycle(range(n)), 1, None)`,
`groupby(sorted(pairs, key=itemgetter(1)), key=itemgetter(1))`, `starmap(put, zip(specs, xs))`).
Each result is an iterator that asks its sources for items only as it is itself asked, and runs
its callback (the accumulate function, the starmap function, the groupby key) at that moment:
the run makes each one a lazy iterator (script_values.Lazy) whose producer is written as the
pure-Python equivalents in the itertools documentation, so callbacks run in CPython's order and
as many times. A source is read the way a `for` reads it (a list is walked live, a generator or
`map` is pulled as asked). A `groupby` group read after its outer iterator moved on is empty, as
in CPython; keys are compared with `==` only when both are plain values (else Bail). An
iterator walked past 100000 items (an endless `cycle` consumed whole) stops the run.
"""
from __future__ import annotations

import ast
import itertools

from codemods.analysis.host_exprs import Iter, plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.live_loops import live, walk
from codemods.analysis.script_generators import GenRun
from codemods.analysis.script_values import Lazy
from codemods.analysis.shared_iterators import claim, continued, pulled

_LIMIT = 100_000


def _lazy(producer) -> Lazy:
    return Lazy(("steps", producer, []), None, [])


def _source(run, value: object):
    """The items of `value` as a `for` asks for them (a claimed Lazy continued where the last
    itertools consumer of it stopped, a generator object asked as the reader asks:
    shared_iterators.py)."""
    if type(value) is Lazy or type(value) is Iter and value.live is not None:
        return continued(run, value)
    if type(value) is GenRun:
        return pulled(value)
    if live(value):
        return walk(iter(value))
    return iter(run.iterate(value))


def _capped(items):
    for count, item in enumerate(items):
        if count >= _LIMIT:
            raise Bail
        yield item


def _chain(run, args: list, kwargs: dict) -> Lazy:
    if kwargs:
        raise Bail
    for arg in args:
        claim(run, arg)
    return _lazy(lambda: (item for arg in args for item in _source(run, arg)))


def _from_iterable(run, args: list, kwargs: dict) -> Lazy:
    if len(args) != 1 or kwargs:
        raise Bail
    claim(run, args[0])

    def produce():
        for inner in _source(run, args[0]):
            claim(run, inner)
            yield from _source(run, inner)
    return _lazy(produce)


def _accumulate(run, args: list, kwargs: dict) -> Lazy:
    if not 1 <= len(args) <= 2 or not set(kwargs) <= {"func", "initial"} or len(args) == 2 and "func" in kwargs:
        raise Bail
    func = args[1] if len(args) == 2 else kwargs.get("func")
    initial = kwargs.get("initial")
    claim(run, args[0])

    def produce():
        items = _source(run, args[0])
        total = initial
        if initial is None:
            try:
                total = next(items)
            except StopIteration:
                return
        yield total
        for item in items:
            total = run.binary(ast.Add, total, item) if func is None else run.call(func, [total, item], {})
            yield total
    return _lazy(produce)


def _starmap(run, args: list, kwargs: dict) -> Lazy:
    if len(args) != 2 or kwargs:
        raise Bail
    claim(run, args[1])
    return _lazy(lambda: (run.call(args[0], run.iterate(item), {}) for item in _source(run, args[1])))


def _cycle(run, args: list, kwargs: dict) -> Lazy:
    if len(args) != 1 or kwargs:
        raise Bail
    claim(run, args[0])

    def produce():
        saved = []
        for item in _source(run, args[0]):
            yield item
            saved.append(item)
        while saved:
            yield from saved
    return _lazy(lambda: _capped(produce()))


def _count(run, args: list, kwargs: dict) -> Lazy:
    """`itertools.count(start, step)` of plain numbers (a run-id counter read with `next`)."""
    given = [*args, *(kwargs[name] for name in ("start", "step") if name in kwargs)]
    if len(given) > 2 or not set(kwargs) <= {"start", "step"} or len(args) + len(kwargs) != len(given) \
            or not all(type(a) in (int, float) for a in given) or args and "start" in kwargs:
        raise Bail
    return _lazy(lambda: _capped(itertools.count(*args, **kwargs)))


def _islice(run, args: list, kwargs: dict) -> Lazy:
    if not 2 <= len(args) <= 4 or kwargs or not all(type(a) in (int, type(None)) for a in args[1:]):
        raise Bail
    bounds = args[1:]
    try:
        itertools.islice((), *bounds)  # (CPython's ValueError for a negative bound: raised where made)
    except ValueError:
        raise Bail from None
    claim(run, args[0])
    return _lazy(lambda: itertools.islice(_source(run, args[0]), *bounds))


def _equal(left: object, right: object) -> bool:
    if type(left) is object or type(right) is object:
        return left is right  # (the start marker: equal to itself alone)
    if not plain_tree(left) or not plain_tree(right):
        raise Bail
    return left == right


def _groupby(run, args: list, kwargs: dict) -> Lazy:
    if not 1 <= len(args) <= 2 or not set(kwargs) <= {"key"} or len(args) == 2 and kwargs:
        raise Bail
    keyfunc = args[1] if len(args) == 2 else kwargs.get("key")
    claim(run, args[0])
    start = object()
    state = {"it": None, "tgt": start, "curr": start, "value": start, "id": None}

    def key_of(value: object) -> object:
        return value if keyfunc is None else run.call(keyfunc, [value], {})

    def grouper(target: object, ident: object):
        while _equal(state["curr"], target):
            if state["id"] is not ident:
                raise Bail  # (read after the outer iterator moved on: empty in CPython, but a
                #             comprehension of the run reads its source whole first)
            yield state["value"]
            try:
                state["value"] = next(state["it"])
            except StopIteration:
                return
            state["curr"] = key_of(state["value"])

    def produce():
        state["it"] = _source(run, args[0])
        while True:
            state["id"] = ident = object()
            while _equal(state["curr"], state["tgt"]):
                try:
                    state["value"] = next(state["it"])
                except StopIteration:
                    return
                state["curr"] = key_of(state["value"])
            state["tgt"] = state["curr"]
            target = state["tgt"]
            yield (target, _lazy(lambda target=target, ident=ident: grouper(target, ident)))
    return _lazy(produce)


LIBRARY = {"itertools.chain": _chain, "itertools.chain.from_iterable": _from_iterable,
           "itertools.accumulate": _accumulate, "itertools.starmap": _starmap, "itertools.cycle": _cycle,
           "itertools.islice": _islice, "itertools.groupby": _groupby, "itertools.count": _count}

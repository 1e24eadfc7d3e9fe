"""`itertools.pairwise`, `takewhile`, `dropwhile`, `filterfalse`, `compress` and `tee` in a script
run (script_library.py; issue 13; `accumulate` and the other lazy iterators:
functional_iterators.py).

Layer sizes are paired with `pairwise(dims)`. It is lazy in Python; over a list, tuple, str or
range (whose items are fixed when the call is made and which no code runs to produce) the pairs it
hands out are the same taken now, so the run builds them at once; over anything else (a generator,
an iterator being walked) the run stops.

The predicate iterators (`takewhile(lambda a: a != "pipe", axes)`) and `compress(axes, mask)` are
lazy iterators of the run (script_values.Lazy) written as the pure-Python equivalents in the
itertools documentation: the predicate runs when an item is asked for, in CPython's order and as
many times (takewhile reads one item past the run it keeps; dropwhile calls the predicate no more
once it has failed). `tee(it, n)` hands out n iterators over one source, each item pulled from
the source once, when the first of them asks for it, and kept for the others.
"""
from __future__ import annotations

import itertools

from codemods.analysis.functional_iterators import _lazy, _source
from codemods.analysis.host_exprs import Iter
from codemods.analysis.host_objects import Bail
from codemods.analysis.shared_iterators import claim

_FIXED = (list, tuple, str, range)


def _pairwise(run, args: list, kwargs: dict) -> Iter:
    if len(args) != 1 or kwargs or type(args[0]) not in _FIXED:
        raise Bail
    return Iter(list(itertools.pairwise(args[0])), run.statements, sources=_sources(args[0]))


def _sources(value: object) -> tuple:
    return (value,) if type(value) is list else ()


def _predicate(kind: str):
    def apply(run, args: list, kwargs: dict):
        if len(args) != 2 or kwargs:
            raise Bail
        predicate, source = args
        claim(run, source)

        def test(item: object) -> bool:
            return run.truth(item if predicate is None else run.call(predicate, [item], {}))

        def produce():
            items = _source(run, source)
            if kind == "takewhile":
                for item in items:
                    if not test(item):
                        return
                    yield item
            elif kind == "dropwhile":
                for item in items:
                    if not test(item):
                        yield item
                        break
                yield from items
            else:
                yield from (item for item in items if not test(item))
        if predicate is None and kind != "filterfalse":
            raise Bail  # (TypeError: None is not callable, when first asked)
        return _lazy(produce)
    return apply


def _compress(run, args: list, kwargs: dict):
    if len(args) != 2 or kwargs:
        raise Bail
    for arg in args:
        claim(run, arg)
    return _lazy(lambda: (item for item, chosen in zip(_source(run, args[0]), _source(run, args[1]))
                          if run.truth(chosen)))


def _tee(run, args: list, kwargs: dict) -> tuple:
    if not 1 <= len(args) <= 2 or kwargs or len(args) == 2 and type(args[1]) is not int or len(args) == 2 and args[1] < 0:
        raise Bail
    claim(run, args[0])
    kept: list = []
    state: dict = {"items": None}

    def produce():
        index = 0
        while True:
            if index == len(kept):
                if state["items"] is None:
                    state["items"] = _source(run, args[0])
                try:
                    kept.append(next(state["items"]))
                except StopIteration:
                    return
            yield kept[index]
            index += 1
    return tuple(_lazy(produce) for _ in range(args[1] if len(args) == 2 else 2))


LIBRARY = {"itertools.pairwise": _pairwise, "itertools.compress": _compress, "itertools.tee": _tee,
           **{f"itertools.{kind}": _predicate(kind) for kind in ("takewhile", "dropwhile", "filterfalse")}}

"""`itertools.pairwise` and `itertools.accumulate` in a script run (script_library.py; issue 13).

Layer sizes are paired with `pairwise(dims)` and table offsets summed with `accumulate(sizes)`.
Both are lazy in Python; over a list, tuple, str or range (whose items are fixed when the call is
made and which no code runs to produce) the items they hand out are the same taken now, so the run
builds them at once. `accumulate` with a library operator (`operator.mul`) applies it to each pair in turn; with a
function of the module (which may have effects when the items are pulled), or over anything else
(a generator, an iterator being walked), the run stops.
"""
from __future__ import annotations

import itertools

from codemods.analysis.host_exprs import Iter, guard, plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Lib

_FIXED = (list, tuple, str, range)


def _pairwise(run, args: list, kwargs: dict) -> Iter:
    if len(args) != 1 or kwargs or type(args[0]) not in _FIXED:
        raise Bail
    return Iter(list(itertools.pairwise(args[0])), run.statements, sources=_sources(args[0]))


def _accumulate(run, args: list, kwargs: dict) -> Iter:
    if not 1 <= len(args) <= 2 or not set(kwargs) <= {"initial", "func"} or type(args[0]) not in _FIXED:
        raise Bail
    func = args[1] if len(args) == 2 else kwargs.get("func")
    items = list(args[0])
    if "initial" in kwargs and kwargs["initial"] is not None:
        items = [kwargs["initial"], *items]
    if func is None:
        if not all(plain_tree(item) for item in items):
            raise Bail
        return Iter(list(guard(itertools.accumulate, items)), run.statements, sources=_sources(args[0]))
    if type(func) is not Lib:
        raise Bail
    made = []
    for item in items:
        made.append(item if not made else run.call(func, [made[-1], item], {}))
    return Iter(made, run.statements, sources=_sources(args[0]))


def _sources(value: object) -> tuple:
    return (value,) if type(value) is list else ()


LIBRARY = {"itertools.pairwise": _pairwise, "itertools.accumulate": _accumulate}

"""`itertools.pairwise` in a script run (script_library.py; issue 13; `accumulate` and the other
lazy iterators: functional_iterators.py).

Layer sizes are paired with `pairwise(dims)`. It is lazy in Python; over a list, tuple, str or
range (whose items are fixed when the call is made and which no code runs to produce) the pairs it
hands out are the same taken now, so the run builds them at once; over anything else (a generator,
an iterator being walked) the run stops.
"""
from __future__ import annotations

import itertools

from codemods.analysis.host_exprs import Iter
from codemods.analysis.host_objects import Bail

_FIXED = (list, tuple, str, range)


def _pairwise(run, args: list, kwargs: dict) -> Iter:
    if len(args) != 1 or kwargs or type(args[0]) not in _FIXED:
        raise Bail
    return Iter(list(itertools.pairwise(args[0])), run.statements, sources=_sources(args[0]))


def _sources(value: object) -> tuple:
    return (value,) if type(value) is list else ()


LIBRARY = {"itertools.pairwise": _pairwise}

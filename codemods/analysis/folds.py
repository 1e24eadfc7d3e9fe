"""`functools.reduce` inside a shard_map body: pipelines written as folds of functions.

Real code composes small steps with it: `reduce(lambda acc, f: f(acc), steps, x)` applies each
step in turn, `reduce(lambda f, g: lambda x: g(f(x)), fns)` builds their composition. Python runs
the fold eagerly while JAX traces, so the fold is followed step by step over the items of a
known sequence: each call of the folding function gets the accumulated value and the next item,
as Python would give them. An unknown sequence (or a longer one than MAX_FOLD_ITEMS) gives an
unknown result; an empty one without an initial value raises TypeError: unknown too.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from codemods.analysis.sequences import items_of
from codemods.analysis.values import UNKNOWN, Value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

FOLD = "functools.reduce"
MAX_FOLD_ITEMS = 16  # longer folds are left unknown (each step is a function run)


class Folds:
    """The fold half of the Interpreter (which supplies _traced, the higher-order call)."""

    def fold(self, args, keywords, frame: Frame) -> Value:
        if keywords or len(args) not in (2, 3):
            return UNKNOWN
        (func, node), (sequence, _) = args[0], args[1]
        items = items_of(sequence)
        if items is None or len(items) > MAX_FOLD_ITEMS:
            return UNKNOWN
        if len(args) == 3:
            accumulated = args[2][0]
        elif items:
            accumulated, items = items[0], items[1:]
        else:
            return UNKNOWN
        for item in items:
            accumulated = self._traced(func, node, [accumulated, item], frame)
        return accumulated

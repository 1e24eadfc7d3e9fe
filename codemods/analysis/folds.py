"""Python's builtins that call a function they are given: `functools.reduce` (pipelines written
as folds of functions) and `sorted(..., key=f)` (mesh axes ordered by size).

Real code composes small steps with it: `reduce(lambda acc, f: f(acc), steps, x)` applies each
step in turn, `reduce(lambda f, g: lambda x: g(f(x)), fns)` builds their composition. Python runs
the fold eagerly while JAX traces, so the fold is followed step by step over the items of a
known sequence: each call of the folding function gets the accumulated value and the next item,
as Python would give them. An unknown sequence (or a longer one than MAX_FOLD_ITEMS) gives an
unknown result; an empty one without an initial value raises TypeError: unknown too.

`sorted(items, key=f)` is ordered as Python orders it (stable, `reverse=` included) when f gives
a number or a string for each item, all of one kind; else the call is left to sequences.py
(which gives it up).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from codemods.analysis.sequences import items_of, sequence
from codemods.analysis.values import UNKNOWN, Const, Value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

FOLD = "functools.reduce"
SORTED = "builtins.sorted"
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

    def sorted_by_key(self, args, keywords, frame: Frame) -> Value | None:
        """None: not a call this follows (sorted without key=, or with other keywords)."""
        if "key" not in keywords or set(keywords) - {"key", "reverse"} or len(args) != 1:
            return None
        items = items_of(args[0][0])
        reverse = keywords.get("reverse", (Const(False), None))[0]
        if items is None or len(items) > MAX_FOLD_ITEMS or not (isinstance(reverse, Const) and type(reverse.value) is bool):
            return UNKNOWN
        func, node = keywords["key"]
        keys = [self._traced(func, node, [item], frame) for item in items]
        if not all(isinstance(key, Const) and type(key.value) in (int, float, str) for key in keys) \
                or len({type(key.value) is str for key in keys}) > 1:
            return UNKNOWN
        order = sorted(range(len(items)), key=lambda index: keys[index].value, reverse=reverse.value)
        return sequence([items[index] for index in order])

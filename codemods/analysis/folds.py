"""`sorted(items, key=f)` inside a shard_map body and around it (mesh axes ordered by size:
`sorted(mesh.axis_names, key=lambda a: -mesh.shape[a])`); `functools.reduce` is followed in
higher_order.py.

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

SORTED = "builtins.sorted"
MAX_FOLD_ITEMS = 16  # longer sequences are left unknown (each key is a function run)


class Folds:
    """The sorting half of the Interpreter (which supplies _traced, the higher-order call)."""

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

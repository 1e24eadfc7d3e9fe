"""How the interpreter evaluates list, generator and dict comprehensions: one value per element
of a container whose elements are known one by one (a tuple, list or dict of known length, an
Enum's members, `range` of constants), the first element judged and the others later rounds (a
fix holds only when every element agrees); leaves in one state stand for every element.

It exists apart from control.py (statements: branches, loops, with and try) because a
comprehension is an expression whose elements are rounds of one scope (late binding): a new kind
of iterated container touches only this and the loops' own reading of it."""
from __future__ import annotations

from typing import TYPE_CHECKING

import ast

from codemods.analysis.lazy_iterators import stale_iterator
from codemods.analysis.nested_comprehensions import nested_values
from codemods.analysis.uniform import Uniform
from codemods.analysis.nodes import target_names
from codemods.analysis.sequence_kinds import LIST
from codemods.analysis.values import (STATIC, SameLeaves, record_tuple, UNKNOWN, AxisState, Const, DictValue,
                                      TupleValue, Value)

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame


class _Each(list):
    """The one element computed for every element of leaves in one state (SameLeaves)."""


class Comprehensions:
    """The comprehension half of ControlFlow (which supplies the rounds, _walked and _range_length)."""

    def eval_ListComp(self, expr: ast.ListComp | ast.GeneratorExp, frame: Frame) -> Value:
        """`[lax.psum(g, 'i') for g in (a, b)]` over a tuple, list or dict of known length: one
        item per element (a list of params is a pytree). A generator kept for later may go stale."""
        stale = type(expr) is ast.GeneratorExp and stale_iterator(self.scope.tree, expr)
        results = None if stale else self._comprehension(expr, [expr.elt], frame)
        if isinstance(results, _Each):
            return SameLeaves(results[0][0]) if isinstance(results[0][0], AxisState) else UNKNOWN
        return UNKNOWN if results is None else TupleValue(tuple(r[0] for r in results), LIST if type(expr) is ast.ListComp else None)

    eval_GeneratorExp = eval_ListComp

    def eval_DictComp(self, expr: ast.DictComp, frame: Frame) -> Value:
        """`{k: lax.psum(v, 'i') for k, v in grads.items()}`."""
        results = self._comprehension(expr, [expr.key, expr.value], frame)
        if results is None or not all(isinstance(key, Const) and isinstance(key.value, str) for key, _ in results):
            return UNKNOWN
        keys = tuple(key.value for key, _ in results)
        return DictValue(keys, tuple(value for _, value in results)) if len(set(keys)) == len(keys) else UNKNOWN

    def _comprehension(self, expr, parts: list[ast.expr], frame: Frame) -> list[list[Value]] | None:
        """The values of `parts` for each element, or None when the elements are not known one
        by one. The first element is judged and the others are later rounds (Python computes
        them in order); a fix in the expression holds only when every element's state agrees."""
        if len(expr.generators) != 1 or expr.generators[0].is_async:
            return nested_values(self, expr, parts, frame)  # `for name in NAMES for ax in RULES[name]`
        generator = expr.generators[0]
        iterated = record_tuple(self._walked(generator.iter, frame))
        if isinstance(iterated, DictValue):
            items = [Const(key) for key in iterated.keys]
        elif isinstance(iterated, TupleValue):
            items = list(iterated.items)
        elif isinstance(iterated, Const) and isinstance(iterated.value, tuple):
            items = [Const(item) for item in iterated.value]
        elif (members := self.enum_members(iterated)) is not None:
            items = members
        elif isinstance(iterated, SameLeaves) and not generator.ifs:
            items = [iterated.item]  # leaves in one state: one element stands for each
        elif (count := self._range_length(generator.iter, frame)) is not None:
            items = [STATIC] * count  # `[Block(cfg) for _ in range(cfg.depth)]`: a list of that length
        elif isinstance(iterated, Uniform) and not generator.ifs:
            # `{k: f(v) for k, v in grads.items()}`: every element alike, of unknown count (uniform.py)
            inner = type(frame)(frame.function, frame, local_names=frozenset(target_names(generator.target)),
                                loops=frame.loops)
            self.assign(generator.target, iterated.item, inner)
            for part in parts:
                self.eval(part, inner)
            return None
        else:
            return None
        if generator.ifs:
            items = self._kept(generator, items, frame)
            if items is None:
                return None
        if not items:
            return []
        results = []
        # One scope for every element, as Python has: a lambda made for one element reads the
        # target when it is called, after the last element rebound it (late binding).
        inner = type(frame)(frame.function, frame, local_names=frozenset(target_names(generator.target)),
                            loops=frame.loops)

        def element(item: Value) -> bool:
            self.assign(generator.target, item, inner)
            results.append([self.eval(part, inner) for part in parts])
            return True

        first = len(self.slots)
        element(items[0])
        judged = self.slots[first:]
        outer, self.round_values = self.round_values, {}
        try:
            self.later_rounds(judged, [lambda item=item: element(item) for item in items[1:]],
                              "it fails for a later element, not for the first")
        finally:
            seen, self.round_values = self.round_values, outer
            self.keep_round_values(outer, seen)
        self.assign(generator.target, items[-1], inner)  # what the scope holds once it is done
        if len(items) > 1:  # one element (or leaves in one state): no other round to disagree with
            self._fixes_hold_every_round(judged, seen, "the elements are in different states")
        return _Each(results) if isinstance(iterated, SameLeaves) else results

    def _kept(self, generator: ast.comprehension, items: list[Value], frame: Frame) -> list[Value] | None:
        """The elements a comprehension's `if`s keep (`[ax for ax in SHAPE if SHAPE[ax] > 1]`),
        when every test is a Python constant for every element; else None."""
        from codemods.analysis.nested_comprehensions import round_tests

        kept = []
        self.silent += 1  # the tests are read for their values here; the elements are judged after
        try:
            for item in items:
                _, passed = round_tests(self, generator, item, frame)
                if passed is None:
                    return None
                if passed:
                    kept.append(item)
        finally:
            self.silent -= 1
        return kept

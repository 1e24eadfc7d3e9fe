"""How the interpreter runs compound statements: branches join, loops run to a fixpoint,
with-blocks and try-blocks (comprehensions: comprehensions.py). The Interpreter supplies
exec_block, eval, assign and the judging."""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING

import ast

from codemods.analysis.loop_first import first_number
from codemods.analysis.higher_order import scan_slice
from codemods.analysis.loop_carries import carried
from codemods.analysis.entered import entered_value
from codemods.analysis.self_changing_loops import walked_value
from codemods.analysis.loop_rewrites import continues_as_branches
from codemods.analysis.uniform import Uniform
from codemods.analysis.nodes import DEFS, iter_nodes, target_names
from codemods.analysis.handled import handles_trace_errors, leaves_early, suppresses_trace_errors
from codemods.analysis.leaving_calls import JUMPS, may_leave
from codemods.analysis.type_tests import inspects_types
from codemods.analysis.shape_flow import same_shapes
from codemods.analysis.comprehensions import Comprehensions
from codemods.analysis.rounds import MAX_EXACT_ROUNDS, Rounds
from codemods.analysis.sites import Site
from codemods.analysis.syntax import assigned_names, else_of
from codemods.analysis.sequence_kinds import TUPLE
from codemods.analysis.values import (spec_entries, truth, STATIC, SameLeaves, record_tuple, UNKNOWN, AxisState, Const,
                                      DictValue, Function, JaxName, Static, TupleValue, Value, join, join_paths,
                                      same_value)

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

MAX_LOOP_ROUNDS = 4  # rounds to find a loop's fixpoint (each join only makes values unknown)


class Dead(Exception):
    """Raised inside a block after return/raise: the rest is not reached."""


class ControlFlow(Comprehensions, Rounds):
    """The compound-statement half of the Interpreter."""

    def exec_If(self, stmt: ast.If, frame: Frame) -> None:
        frame.statement = stmt
        test = truth(self.eval(stmt.test, frame))
        frame.statement = None
        if test is not None:  # `if REDUCE == "sum":`, `if name:`, `if stats:`
            self._branches(frame, [(stmt.body, stmt.test.end_lineno) if test else else_of(stmt)])
            return
        guarded = self.type_test(stmt.test)
        with self.unsure(guarded):
            self._branches(frame, [(stmt.body, stmt.test.end_lineno), else_of(stmt)])
        frame.rest_unsure = guarded and may_leave(stmt.body + stmt.orelse, (*JUMPS, ast.Raise))  # (a branch may leave)

    def type_test(self, test: ast.expr) -> bool:
        """The test asks a value's type, itself or through a helper or a name (type_tests.py)."""
        return inspects_types(test, self.scope.tree)

    @contextmanager
    def unsure(self, when: bool) -> Iterator[None]:
        """Judge nothing inside (the states still flow) when `when`: a branch the program takes
        by inspecting a value's type."""
        self.silent += when
        try:
            yield
        finally:
            self.silent -= when

    def _branches(self, frame: Frame, blocks: list) -> None:
        """Run alternative blocks from the same state and join what they leave."""
        before = dict(frame.vars)
        outcomes: list[dict[str, Value]] = []
        for block in blocks:
            frame.vars = dict(before)
            try:
                if block is None:
                    pass
                elif isinstance(block, ast.If):  # elif: its test has no line of its own
                    test = self.eval(block.test, frame)
                    if isinstance(test, Const) and isinstance(test.value, bool):
                        chosen = (block.body, block.test.end_lineno) if test.value else else_of(block)
                        self._branches(frame, [chosen])
                    else:
                        with self.unsure(self.type_test(block.test)):
                            self._branches(frame, [(block.body, block.test.end_lineno), else_of(block)])
                else:
                    self.exec_block(block[0], frame, block[1])
                outcomes.append(frame.vars)
            except Dead:
                pass
        join_outcomes(frame, before, outcomes)

    def exec_For(self, stmt: ast.For | ast.AsyncFor, frame: Frame) -> None:
        frame.statement = stmt
        iterated = walked_value(self, stmt, frame)  # (self_changing_loops.py)
        frame.statement = None
        if isinstance(stmt, ast.For) and self._never_runs(stmt.iter, frame):
            self.exec_block(stmt.orelse, frame, stmt.iter.end_lineno)  # `for _ in range(0)`: only `else:` runs
            return
        if (items := _known_items(iterated)) == [] and isinstance(stmt, ast.For):
            self.exec_block(stmt.orelse, frame, stmt.iter.end_lineno)  # `(default_args or {}).items()` of no dict
            return
        items = items or self.enum_members(iterated) or self._numbered_rounds(stmt, frame)
        body = stmt.body if not _jumps(stmt.body) else continues_as_branches(stmt.body)  # loop_rewrites.py
        if items and len(items) <= MAX_UNROLLED and body is not None and not _jumps(body) and isinstance(stmt, ast.For):
            self._unrolled(stmt, items, frame, body)
            return
        if isinstance(iterated, (Const, Static)):
            item = STATIC  # range(n), a tuple of constants: Python values
        elif isinstance(iterated, SameLeaves):
            item = iterated.item
        elif isinstance(iterated, TupleValue) and iterated.items:
            item = iterated.items[0]
            for other in iterated.items[1:]:
                item = join(item, other)
        elif isinstance(iterated, Uniform):
            item = iterated.item  # `for name, g in grads.items()` (uniform.py)
        else:  # `for t in timesteps`: each round's item a row of the array, `x[i]`, as unpacking reads it
            item = self._unpack(iterated, 1)[0] if isinstance(iterated, AxisState) else UNKNOWN
        rounds = self.counted_rounds(stmt.iter, frame) if isinstance(stmt, ast.For) else 0
        first = [first_number(self, stmt, frame)] if item is STATIC else [None]  # the judged round's i

        def enter() -> None:
            self.assign(stmt.target, first.pop() or item if first else item, frame)

        self._loop(frame, stmt.body, assigned_names(stmt.body) | target_names(stmt.target), stmt.orelse,
                   stmt.iter.end_lineno, enter, rounds,
                   at_least_once=isinstance(iterated, (SameLeaves, Uniform)))

    exec_AsyncFor = exec_For

    def exec_While(self, stmt: ast.While, frame: Frame) -> None:
        self._loop(frame, stmt.body, assigned_names(stmt.body), stmt.orelse, stmt.test.end_lineno,
                   lambda: self.eval(stmt.test, frame))

    def _loop(self, frame: Frame, body: list[ast.stmt], names: set[str], orelse: list[ast.stmt],
              header_line: int, enter, rounds: int = 0, at_least_once: bool = False) -> None:
        """The first round runs from the state before the loop and is judged (JAX raises at the
        first round that fails). After the loop each name holds the join of its value before it
        and after every round, found by running the body without judging until that stops
        changing (a few rounds: a join only ever makes values unknown). A body that breaks or
        continues: what it binds is unknown in it and after it. A loop known to run `rounds`
        times (without return, break or continue) also runs its next rounds one by one."""
        frame.loops += 1
        try:
            entry = dict(frame.vars)
            jumps = _jumps(body)
            if jumps:
                self._forget(names, frame)
                entry = dict(frame.vars)
            unbound = frame.local_names - set(entry)
            first_slot = len(self.slots)
            enter()
            try:
                self.exec_block(body, frame, header_line)
                end = frame.vars
            except Dead:
                end = entry  # the round ends in return or raise: no way back to the head
            judged = self.slots[first_slot:]
            outer, self.round_values = self.round_values, {}
            # Only where judging (not inside another loop's silent rounds): nested counted loops
            # would multiply their rounds.
            exact = None  # the names after the loop's last round, when every round was run or repeats
            if rounds >= 1 and not self.silent and not jumps and end is not entry and not may_leave(body, (ast.Return,)):
                exact = dict(end) if rounds == 1 else \
                    self._exact_rounds(frame, body, header_line, enter, judged, min(rounds, MAX_EXACT_ROUNDS) - 1, rounds)
            # Leaves of a tree (at least one): the rounds after the first start where it ended.
            start = end if at_least_once and end is not entry else _joined(entry, end, unbound)
            head = None if jumps else self._loop_head(frame, body, start, unbound, header_line, enter)
            self._fixes_hold_every_round(judged, self.round_values if head is not None else {})
            self.keep_round_values(outer, self.round_values)
            self.round_values = outer
            if head is None:
                frame.vars = entry
                self._forget(names, frame)
            else:
                frame.vars = exact if exact is not None else head
        finally:
            frame.loops -= 1
        if orelse:
            try:
                self.exec_block(orelse, frame)
            except Dead:
                pass
            self._forget(assigned_names(orelse), frame)

    def _exact_rounds(self, frame: Frame, body, header_line: int, enter, judged, count: int, total: int) -> dict | None:
        """Rounds 2, 3, ... each from the state the round before left (stops once a round starts
        where an earlier one did: the rest repeat). Returns the names after the loop's `total`
        rounds when known: every round was run, or a round ended where it began (the rest
        change nothing); None otherwise."""
        frame.vars = dict(frame.vars)  # the first round's end stays as it was (it joins the head)
        seen = [dict(frame.vars)]
        outcome: list[dict | None] = []

        def run() -> bool:
            enter()
            try:
                self.exec_block(body, frame, header_line)
            except Dead:
                outcome.append(None)
                return False
            if any(_same_state(frame.vars, earlier) for earlier in seen):
                outcome.append(dict(frame.vars) if _same_state(frame.vars, seen[-1]) else None)
                return False
            seen.append(dict(frame.vars))
            return True

        self.later_rounds(judged, [run] * count, "it fails in a later round of the loop, not in the first")
        if outcome:
            return outcome[0]
        return dict(frame.vars) if count == total - 1 else None

    def _unrolled(self, stmt: ast.For, items: list[Value], frame: Frame, body: list[ast.stmt]) -> None:
        """`for name, g in grads.items():` over a tuple, list or dict of known length: each round
        runs with its own item. The first round is judged; a later one reports only what the first
        found fine (JAX raises at the first round that fails); a fix in the first holds only when
        every round sees the same state."""
        frame.loops += 1
        first = len(self.slots)
        try:
            self.assign(stmt.target, items[0], frame)
            self.exec_block(body, frame, stmt.iter.end_lineno)
            judged = self.slots[first:]

            def later(item: Value) -> bool:
                outer, self.round_values = self.round_values, {}
                try:
                    self.assign(stmt.target, item, frame)
                    self.exec_block(body, frame, stmt.iter.end_lineno)
                finally:
                    seen, self.round_values = self.round_values, outer
                    self.keep_round_values(outer, seen)
                self._fixes_hold_every_round(judged, seen)
                return True

            self.later_rounds(judged, [lambda item=item: later(item) for item in items[1:]],
                              "it fails for a later item of the loop, not for the first")
        finally:
            frame.loops -= 1
        if stmt.orelse:
            self.exec_block(stmt.orelse, frame)

    def _fixes_hold_every_round(self, judged: list[tuple[Site, int]], later: dict[int, Value],
                                note: str = "the value's state changes between rounds of the loop") -> None:
        """A cast written into a loop runs every round: a fix holds only when its site sees the
        same state in every round (else, cast to varying again, JAX would reject it)."""
        self._no_fix([(site, index) for site, index in judged
                      if not same_value(later.get(site.key, UNKNOWN), site.value) or self.axes_changed(site)], note)

    def scan(self, args, frame: Frame) -> Value:
        """`lax.scan(f, init, xs)`: f traced once on the carry and one slice of xs (a slice of an
        array keeps its state)."""
        (body, body_node), (init, _), (xs, _) = args
        if (xs := scan_slice(xs)) is None:
            return UNKNOWN
        out = self._carried(body, body_node, [init, xs], init,
                            lambda result: result.items[0] if isinstance(result, TupleValue) and len(result.items) == 2
                            else UNKNOWN, frame)
        if not isinstance(out, TupleValue) or len(out.items) != 2:
            return UNKNOWN
        carry, ys = out.items
        return TupleValue((carried(init, carry), ys), TUPLE)  # (loop_carries.py); stacking keeps states

    def _carried(self, func: Value, func_node: ast.expr, values: list[Value], init: Value, carry_of,
                 frame: Frame) -> Value | None:
        """JAX traces a loop body once, with the carry in the state of `init`: that run is judged.
        JAX requires the carry to come out in the state it went in; when (with the casts a fix
        would write) it does not, no fix is offered."""
        if not isinstance(func, Function):
            return None
        self._note_tree_map_ref(func, func_node)
        first = len(self.slots)
        result = self.call(func, None, [(value, func_node) for value in values], {}, False, frame)
        if not same_value(carry_of(result), init, kinds=False):
            self._no_fix(self.slots[first:], "the loop's carry would change its state, which JAX rejects")
        return result

    def _no_fix(self, judged: list[tuple[Site, int]], note: str) -> None:
        for site, index in judged:
            verdict = self.verdicts[site.key][index]
            if verdict is not None and verdict.fixable:
                self.verdicts[site.key][index] = replace(verdict, fixable=False, note=note)

    def _loop_head(self, frame: Frame, body, head: dict, unbound, header_line: int, enter) -> dict | None:
        self.silent += 1
        try:
            for _ in range(MAX_LOOP_ROUNDS):
                frame.vars = dict(head)
                enter()
                try:
                    self.exec_block(body, frame, header_line)
                except Dead:
                    frame.vars = dict(head)
                joined = _joined(head, frame.vars, unbound)
                if all(name in head and same_value(joined[name], head[name]) and same_shapes(joined[name], head[name])
                       for name in joined):
                    return head
                head = joined
            return None
        finally:
            self.silent -= 1

    def exec_With(self, stmt: ast.With | ast.AsyncWith, frame: Frame) -> None:
        frame.statement = stmt
        header_line = stmt.lineno
        for item in stmt.items:
            entered = entered_value(self, item, frame)  # a context manager of the module's own (entered.py)
            header_line = max(header_line, item.context_expr.end_lineno)
            if item.optional_vars is not None:
                self._forget(target_names(item.optional_vars), frame)
                if entered is not None:
                    self.assign(item.optional_vars, entered, frame)
                header_line = max(header_line, item.optional_vars.end_lineno)
        frame.statement = None
        if suppresses_trace_errors(stmt):  # the body may stop anywhere, and the program goes on
            with self.unsure(True):
                self.exec_block(stmt.body, frame, header_line)
            self._forget(assigned_names(stmt.body), frame)
            return
        self.exec_block(stmt.body, frame, header_line)

    exec_AsyncWith = exec_With

    def exec_Try(self, stmt: ast.Try, frame: Frame) -> None:
        if not stmt.handlers and not leaves_early(stmt.body + stmt.finalbody):
            # `try: ... finally: ...` catches nothing: the body runs as written, then the finally
            # block (an error in the body still ends the function there). A return, break or
            # continue would run the finally block on the way out, which may replace the result.
            self.exec_block(stmt.body, frame)
            self.exec_block(stmt.finalbody, frame)
            return
        names = assigned_names([stmt])
        blocks = [stmt.body] + [handler.body for handler in stmt.handlers] + [stmt.orelse, stmt.finalbody]
        handled = handles_trace_errors(stmt)  # a JAX error there is caught: nothing is certain to fail
        for block in blocks:
            before = dict(frame.vars)
            try:
                with self.unsure(handled and block is stmt.body):
                    self.exec_block(block, frame)
            except Dead:
                pass
            changed = [(held, frame.vars.get(name)) for name, held in before.items()
                       if name not in names and frame.vars.get(name) is not held]  # (changed in place: `errors.append(e)`)
            frame.vars = before
            self._forget(names, frame)
            for held, now in changed:  # (the block may or may not have run to that change: the object is not known)
                self.forget_object(held)
                if now is not None:
                    self.forget_object(now)

    exec_TryStar = exec_Try

    # -- what loops walk ---------------------------------------------------------------------
    def _walked(self, expr: ast.expr, frame: Frame) -> Value:
        """What a loop walks: `enumerate(blocks)` of a known container is its (index, item) pairs."""
        if type(expr) is ast.Call and len(expr.args) == 1 and not expr.keywords \
                and not isinstance(expr.args[0], ast.Starred) and self.eval(expr.func, frame) == JaxName("builtins.enumerate"):
            items = _known_items(self.eval(expr.args[0], frame))
            if items is None or len(items) > MAX_UNROLLED:
                return STATIC  # what the call gives when its items are not known one by one
            return TupleValue(tuple(TupleValue((Const(index), item), TUPLE) for index, item in enumerate(items)))
        return spec_entries(self.eval(expr, frame))  # a PartitionSpec walks its entries

    def _never_runs(self, expr: ast.expr, frame: Frame) -> bool:
        """`range(...)` of constant bounds (names and literals only, read again judging nothing)
        that yields no number, or an empty list or tuple display."""
        if type(expr) in (ast.List, ast.Tuple):
            return not expr.elts
        if type(expr) is not ast.Call or not all(isinstance(node, (ast.Name, ast.Constant, ast.Load, ast.UnaryOp,
                                                                     ast.unaryop))
                                                 for arg in expr.args for node in ast.walk(arg)):
            return False
        numbers = self._range_numbers(expr, frame)
        return numbers is not None and len(numbers) == 0

    def _range_length(self, expr: ast.expr, frame: Frame) -> int | None:
        """How many numbers `range(...)` of constant integers yields (at most MAX_UNROLLED)."""
        numbers = self._range_numbers(expr, frame)
        return None if numbers is None else len(numbers)

    def _range_numbers(self, expr: ast.expr, frame: Frame) -> range | None:
        if type(expr) is ast.Call and not expr.keywords and len(expr.args) == 1 \
                and self.eval(expr.func, frame) == JaxName("builtins.reversed"):
            numbers = self._range_numbers(expr.args[0], frame)  # `reversed(range(m))`: L-BFGS's two loops
            return None if numbers is None else numbers[::-1]
        if type(expr) is not ast.Call or expr.keywords or not 1 <= len(expr.args) <= 3 \
                or self.eval(expr.func, frame) != JaxName("builtins.range"):
            return None
        bounds = [self.eval(arg, frame) for arg in expr.args]
        if not all(isinstance(bound, Const) and type(bound.value) is int for bound in bounds) \
                or (len(bounds) == 3 and bounds[2].value == 0):
            return None
        numbers = range(*(bound.value for bound in bounds))
        return numbers if len(numbers) <= MAX_UNROLLED else None

    def _numbered_rounds(self, stmt: ast.For | ast.AsyncFor, frame: Frame) -> list[Value] | None:
        """`for i in range(len(axes))` whose body reads `i` (`axes[: i + 1]`): each round runs
        with its own number, as the rounds of a tuple do. Only bounds that are names, constants
        and `len(...)` of them are read again (evaluating them judges nothing)."""
        target = stmt.target
        if type(target) is not ast.Name or not any(type(node) is ast.Name and node.id == target.id
                                                   and type(node.ctx) is ast.Load
                                                   for line in stmt.body for node in ast.walk(line)):
            return None
        if type(stmt.iter) is not ast.Call or not all(
                isinstance(node, (ast.Name, ast.Constant, ast.Attribute, ast.Load, ast.UnaryOp, ast.BinOp,
                                  ast.operator, ast.unaryop))
                or type(node) is ast.Call and (node is stmt.iter or self.eval(node.func, frame) in _BOUND_CALLS)
                or _shape_item(node) for arg in stmt.iter.args for node in ast.walk(arg)):
            return None
        numbers = self._range_numbers(stmt.iter, frame)
        return [Const(number) for number in numbers] if numbers else None


MAX_UNROLLED = 16  # items of a known container a loop is run once for each
# Calls a loop's bounds may make (each evaluated again, judging nothing): `range(len(axes))` in
# `reversed(...)`.
_BOUND_CALLS = (JaxName("builtins.len"), JaxName("builtins.range"))


def _shape_item(node: ast.AST) -> bool:
    """`x.shape[0]`: a number read from a shape, which judges nothing when read again."""
    return type(node) is ast.Subscript and type(node.value) is ast.Attribute and node.value.attr == "shape" \
        and (type(node.slice) is ast.Constant or type(node.slice) is ast.UnaryOp and type(node.slice.operand) is ast.Constant)


def _known_items(iterated: Value) -> list[Value] | None:
    iterated = record_tuple(iterated)
    if isinstance(iterated, DictValue):
        return [Const(key) for key in iterated.keys]
    if isinstance(iterated, TupleValue):
        return list(iterated.items)
    if isinstance(iterated, Const) and isinstance(iterated.value, tuple):
        return [Const(item) for item in iterated.value]
    return None


def _jumps(body: list[ast.stmt]) -> bool:
    """A break or continue of this loop (not of a loop nested in it)."""
    for stmt in body:
        if isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)):
            if _jumps(stmt.orelse):  # its body's jumps are its own; its else runs in this loop
                return True
            continue
        for node in iter_nodes(stmt, prune=lambda n: isinstance(n, (ast.For, ast.AsyncFor, ast.While) + DEFS
                                                                   + (ast.Lambda, ast.ClassDef))):
            if isinstance(node, (ast.Break, ast.Continue)):
                return True
    return False


def _joined(left: dict[str, Value], right: dict[str, Value], unbound) -> dict[str, Value]:
    return {name: join_paths(left, right, name, name in unbound) for name in set(left) | set(right)}


def _same_state(left: dict[str, Value], right: dict[str, Value]) -> bool:
    return set(left) == set(right) and all(same_value(left[name], right[name]) for name in left)


def join_outcomes(frame: Frame, before: dict[str, Value], outcomes: list[dict[str, Value]]) -> None:
    """The frame after alternative paths that left `outcomes` (Dead when none goes on)."""
    if not outcomes:
        frame.vars = before
        raise Dead
    # A local name some paths leave unbound raises on those paths where it is read next, so
    # a read sees only what the binding paths gave it.
    unbound = frame.local_names - set(before)
    merged = outcomes[0]
    for other in outcomes[1:]:
        names = set(merged) | set(other)
        merged = {name: join_paths(merged, other, name, name in unbound) for name in names}
    frame.vars = merged

"""`match` statements: the cases a subject may take run as branches from the same state and join
what they leave, like `if`/`elif` (issue 13: `match mode: case "sum": return psum(...)`).

A case whose value pattern compares a known constant is taken or skipped for certain; the first
case that certainly matches (`case _:`, a bare capture, an equal constant without guard) ends the
list, and when none does the path that matches no case runs too. Mapping and sequence patterns
are read against a dict or a tuple the analysis knows (keys present, lengths equal), and bind the
items they capture; other captures are unknown, except a whole-subject capture (`case x:`,
`case ... as x`), which is the subject. A class pattern
or a subject that reads a type inspects values: the cases are then run for their states but not
judged, as under an `if` that reads a type."""
from __future__ import annotations

from typing import TYPE_CHECKING

import ast

from codemods.analysis.values import UNKNOWN, Const, DictValue, TupleValue, Value

if TYPE_CHECKING:
    from codemods.analysis.interpreter import Frame

_COMPARED = (str, int, float, bool, type(None))


class Matching:
    """The `match` half of the Interpreter (which supplies eval, exec_block, unsure and Dead)."""

    def exec_Match(self, stmt: ast.Match, frame: Frame) -> None:
        from codemods.analysis.control import Dead, join_outcomes
        from codemods.analysis.leaving_calls import JUMPS, may_leave

        frame.statement = stmt
        subject = self.eval(stmt.subject, frame)
        frame.statement = None
        inspects = self.type_test(stmt.subject) or any(
            isinstance(node, ast.MatchClass) for case in stmt.cases for node in ast.walk(case.pattern))
        before = dict(frame.vars)
        outcomes: list[dict[str, Value]] = []
        exhaustive = False
        with self.unsure(inspects):
            for case in stmt.cases:
                taken = self._pattern_matches(case.pattern, subject, frame)
                if taken is False:
                    continue
                frame.vars = dict(before)
                try:
                    self._bind_pattern(case.pattern, subject, frame)
                    header = case.pattern.end_lineno
                    if case.guard is not None:
                        guard = self.eval(case.guard, frame)
                        header = case.guard.end_lineno
                        if isinstance(guard, Const) and guard.value is False:
                            continue
                        if not (isinstance(guard, Const) and guard.value is True):
                            taken = None
                    self.exec_block(case.body, frame, header)
                    outcomes.append(frame.vars)
                except Dead:
                    pass
                if taken is True:
                    exhaustive = True
                    break
        if not exhaustive:
            outcomes.append(dict(before))
        join_outcomes(frame, before, outcomes)
        frame.rest_unsure = frame.rest_unsure or (inspects and any(
            may_leave(case.body, (*JUMPS, ast.Raise)) for case in stmt.cases))  # (a case may leave: leaving_calls.py)

    def _pattern_matches(self, pattern: ast.pattern, subject: Value, frame: Frame) -> bool | None:
        """True or False when certain, None when the analysis cannot tell."""
        if isinstance(pattern, ast.MatchAs):
            return True if pattern.pattern is None else self._pattern_matches(pattern.pattern, subject, frame)
        if isinstance(pattern, ast.MatchOr):
            answers = [self._pattern_matches(option, subject, frame) for option in pattern.patterns]
            return True if True in answers else False if all(answer is False for answer in answers) else None
        if isinstance(pattern, ast.MatchMapping) and pattern.rest is None and isinstance(subject, DictValue):
            answers = []
            for key, sub in zip(pattern.keys, pattern.patterns):
                found = self._mapping_item(subject, key, frame)
                if found is False:
                    return False
                answers.append(None if found is None else self._pattern_matches(sub, found, frame))
            return False if False in answers else True if all(answer is True for answer in answers) else None
        if isinstance(pattern, ast.MatchSequence) and isinstance(subject, TupleValue) \
                and not any(isinstance(sub, ast.MatchStar) for sub in pattern.patterns):
            if len(pattern.patterns) != len(subject.items):
                return False
            answers = [self._pattern_matches(sub, item, frame) for sub, item in zip(pattern.patterns, subject.items)]
            return False if False in answers else True if all(answer is True for answer in answers) else None
        if not (isinstance(subject, Const) and isinstance(subject.value, _COMPARED)):
            return None
        if isinstance(pattern, ast.MatchSingleton):
            return subject.value is pattern.value
        if isinstance(pattern, ast.MatchValue):
            value = self.eval(pattern.value, frame)
            if isinstance(value, Const) and isinstance(value.value, _COMPARED):
                return bool(subject.value == value.value)
        return None

    def _mapping_item(self, subject: DictValue, key: ast.expr, frame: Frame) -> Value | bool | None:
        """The item a mapping pattern's key reads: False when the dict certainly lacks it."""
        name = self.eval(key, frame)
        if not (isinstance(name, Const) and isinstance(name.value, str)):
            return None
        found = subject.get(name.value)
        return False if found is None else found

    def _bind_pattern(self, pattern: ast.pattern, subject: Value, frame: Frame) -> None:
        for node in ast.walk(pattern):
            if isinstance(node, (ast.MatchAs, ast.MatchStar)) and node.name:
                frame.vars[node.name] = UNKNOWN
            elif isinstance(node, ast.MatchMapping) and node.rest:
                frame.vars[node.rest] = UNKNOWN
        self._bind_known(pattern, subject, frame)

    def _bind_known(self, pattern: ast.pattern, subject: Value, frame: Frame) -> None:
        """Captures whose value is known: the subject itself, an item of a dict or a sequence
        the pattern reads (on the path where the pattern matched)."""
        if isinstance(pattern, ast.MatchAs):
            if pattern.pattern is not None:
                self._bind_known(pattern.pattern, subject, frame)
            if pattern.name:
                frame.vars[pattern.name] = subject
        elif isinstance(pattern, ast.MatchMapping) and isinstance(subject, DictValue):
            for key, sub in zip(pattern.keys, pattern.patterns):
                found = self._mapping_item(subject, key, frame)
                if found is not None and found is not False:
                    self._bind_known(sub, found, frame)
        elif isinstance(pattern, ast.MatchSequence) and isinstance(subject, TupleValue) \
                and len(pattern.patterns) == len(subject.items) \
                and not any(isinstance(sub, ast.MatchStar) for sub in pattern.patterns):
            for sub, item in zip(pattern.patterns, subject.items):
                self._bind_known(sub, item, frame)

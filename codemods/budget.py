"""Limits that keep one file from stalling a whole run: a per-file time budget, and a size
guard for the expressions LibCST would take too long to parse.

A file past a limit gets an error naming it; the other files of the run go on.
"""
from __future__ import annotations

import ast
import signal
import threading
from contextlib import contextmanager
from typing import Iterator

# The default of `--file-timeout`, in seconds (issue 16: one file must never stall CI).
DEFAULT_FILE_TIMEOUT = 30.0
# LibCST parses a chain of binary operators in time that grows faster than its length (measured
# with libcst 1.0 and 1.9: 1,000 terms 0.4 s, 2,000 terms 2-5 s, 4,000 terms 19 s), and the
# parse runs in native code that no signal interrupts. Chains up to this length cost well under
# a second; Python's own parser and the `ast` analysis take them in linear time.
MAX_OPERATOR_CHAIN = 1_000
# Seconds between alarms once a budget has run out (see time_budget).
_REFIRE = 0.25


class FileTimeout(BaseException):
    """The file used up its time budget. A BaseException, like KeyboardInterrupt, so that no
    rule's `except Exception` swallows it."""


class TooComplex(Exception):
    """The file holds an expression too large to rewrite safely within the budget."""


@contextmanager
def time_budget(seconds: float | None) -> Iterator[None]:
    """Raise FileTimeout in the block once `seconds` of wall-clock time have passed.

    Uses SIGALRM, so it only applies in the main thread of a POSIX process (every worker process
    of a run is one); elsewhere the block runs unbounded. The timer and handler in place before
    are restored afterwards.

    The analysis turns any exception of a construct it cannot read into a stop, `except
    BaseException` included, so a FileTimeout can be caught there: the alarm then fires again
    every `_REFIRE` seconds until one escapes, and a block that ends after its budget ran out
    raises FileTimeout anyway, so a file past its budget is always reported as such, never as a
    run that quietly found less.
    """
    if not seconds or seconds <= 0 or not hasattr(signal, "setitimer") \
            or threading.current_thread() is not threading.main_thread():
        yield
        return
    expired = []

    def expire(_signum, _frame):
        expired.append(True)
        raise FileTimeout

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds, _REFIRE)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    if expired:
        raise FileTimeout


def longest_operator_chain(tree: ast.AST) -> tuple[int, int]:
    """(operands, line) of the longest chain of binary operators (`a + b - c * d ...`) in `tree`.

    Iterative, so a chain of any length is measured without recursion.
    """
    longest, line = 0, 0
    counted: set[int] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.BinOp) or id(node) in counted:
            continue
        # `node` is the top of its chain (ast.walk visits parents first): count the operators
        # reachable through BinOp operands only.
        operators = 0
        pending = [node]
        while pending:
            current = pending.pop()
            counted.add(id(current))
            operators += 1
            pending.extend(side for side in (current.left, current.right) if isinstance(side, ast.BinOp))
        if operators + 1 > longest:
            longest, line = operators + 1, node.lineno
    return longest, line


def check_libcst_size(tree: ast.AST) -> None:
    """Raise TooComplex when LibCST would stall on `tree`'s longest operator chain."""
    if type(tree) is ast.Module:
        from codemods.analysis.nodes import nodes_of_type

        # A chain's operands are its operators and one: never more than the module's binary
        # operators and one (counted from the module's index; a walk of the whole module before).
        if len(nodes_of_type(tree, ast.BinOp)) + 1 <= MAX_OPERATOR_CHAIN:
            return
    operands, line = longest_operator_chain(tree)
    if operands > MAX_OPERATOR_CHAIN:
        raise TooComplex(f"the expression at line {line} chains {operands:,} operands, more than the "
                         f"{MAX_OPERATOR_CHAIN:,} LibCST can rewrite in reasonable time; split it, or exclude the file")

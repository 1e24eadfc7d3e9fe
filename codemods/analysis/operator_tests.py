"""`operator.is_`, `is_not`, `not_` and `truth` in a script run (script_run.py; issue 13).

Point-free code writes its tests as functions: `complement = lambda pred: compose(operator.not_,
pred)`, `non_null = partial(filter, complement(partial(operator.is_, None)))`. Each is the
expression it names, run as the run runs that expression: `operator.not_(a)` is `not a` and
`operator.truth(a)` is `bool(a)` (the run's own truth of a value), `operator.is_(a, b)` is
`a is b`, known only where one side is None (None is one object in every program; two other
objects the run holds may be stand-ins made at different readings: Bail, as `a is b` does in
host_exprs.py). Any other count of arguments raises TypeError in CPython: not modelled (Bail).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail


def _identity(negated: bool):
    def apply(run, args: list, kwargs: dict) -> bool:
        if len(args) != 2 or kwargs or args[0] is not None and args[1] is not None:
            raise Bail
        return (args[0] is args[1]) != negated
    return apply


def _truth(negated: bool):
    def apply(run, args: list, kwargs: dict) -> bool:
        if len(args) != 1 or kwargs:
            raise Bail
        return run.truth(args[0]) != negated
    return apply


LIBRARY = {"operator.is_": _identity(False), "operator.is_not": _identity(True), "operator.not_": _truth(True),
           "operator.truth": _truth(False)}

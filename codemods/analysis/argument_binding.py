"""Which parameter each argument of a call binds to, as Python binds them (issue 13).

The analysis models a library function (`tempfile.mkstemp`, `jax.make_array_from_callback`, ...) or
reads a user function's call in the source by the value each parameter gets. Python binds the
positional arguments to the parameters in order, then each keyword to the parameter it names, and
raises TypeError on more positional arguments than parameters, on a keyword naming no parameter
or one bound already, and on a parameter left without a value and without a default. `bind`
answers None wherever Python raises, and wherever the binding is not certain: a call in the
source with `*xs` or `**kw` hands over a number of arguments the source does not show
(`source_arguments`). The caller decides what None means (a run stops: Bail; a reading of the
source gives up).
"""
from __future__ import annotations

import ast
from collections.abc import Collection, Mapping, Sequence


def bind(params: Sequence[str], args: Sequence, kwargs: Mapping, defaults: Mapping | None = None,
         keyword_only: Collection[str] = ()) -> dict | None:
    """Each parameter's value in a call of `args` and `kwargs`: `params` bind by position or by
    name, `keyword_only` by name only. With `defaults`, a parameter not given takes its default,
    and one without a default makes the call raise (None); without `defaults`, the parameters not
    given are left out (the caller reads what the call gave). None where Python raises TypeError."""
    if len(args) > len(params):
        return None
    given = dict(zip(params, args))
    for name, value in kwargs.items():
        if name in given or name not in params and name not in keyword_only:
            return None
        given[name] = value
    if defaults is not None:
        for name in (*params, *keyword_only):
            if name not in given:
                if name not in defaults:
                    return None
                given[name] = defaults[name]
    return given


def source_arguments(call: ast.Call) -> tuple[list[ast.expr], dict[str, ast.expr]] | None:
    """A call's positional argument expressions and its keyword ones by name; None when `*xs`
    or `**kw` gives it arguments whose number the source does not show."""
    if any(type(arg) is ast.Starred for arg in call.args) or any(keyword.arg is None for keyword in call.keywords):
        return None
    return list(call.args), {keyword.arg: keyword.value for keyword in call.keywords}

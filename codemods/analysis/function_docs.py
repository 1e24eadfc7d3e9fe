"""A module function's `__doc__` in a script run (script_functions.py; issue 13).

A test utility that expands parameterized cases copies each case's docstring onto the method it
makes (`test.__doc__ = fn.__doc__`). A function's `__doc__` is its docstring, the first statement
of its body when that is a string constant, or None; on CPython before 3.13 it is the constant's
text as written (3.13 strips its indentation: not modelled). A store replaces it (any str or None;
Python rejects nothing else a module stores there but keeps any object: only those are modelled).
"""
from __future__ import annotations

import ast
import sys

from codemods.analysis.host_objects import Bail


def function_doc(run, func) -> object:
    written = run.__dict__.get("_function_docs", {})
    if id(func) in written:
        return written[id(func)][1]
    body = func.node.body
    if body and type(body[0]) is ast.Expr and type(body[0].value) is ast.Constant and type(body[0].value.value) is str:
        if sys.version_info >= (3, 13):
            raise Bail
        return body[0].value.value
    return None


def set_function_doc(run, func, value: object) -> None:
    if value is not None and type(value) is not str:
        raise Bail
    run.__dict__.setdefault("_function_docs", {})[id(func)] = (func, value)

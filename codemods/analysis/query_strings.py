"""`urllib.parse` query strings in a script run (script_run.py; issue 13).

A sweep or an experiment request is often one URL-like line (`"mesh=4x2&axes=bucket&axes=metric"`)
read with `parse_qs` (a dict of lists: a repeated key keeps every value, in order) or `parse_qsl`
(the pairs in order), and its values unquoted. These functions read nothing but their arguments
and run no code of the program, so on plain values the real call gives the program's result, or
raises where Python raises (`strict_parsing=True` on a bad field, `max_num_fields` exceeded).
A job URL (`"job://pool/train?mesh=2x4&gather=j"`) is split by `urlsplit` / `urlparse`: their parts
are read by name (`.query`, `.path`, `.hostname`, `.port`, as CPython computes them); unpacking or
indexing the named tuple stops the run.
"""
from __future__ import annotations

import urllib.parse

from codemods.analysis.host_exprs import guard, plain_tree
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import RunCallable
from codemods.analysis.set_orders import unordered_within

_KEYWORDS = {
    "parse_qs": {"keep_blank_values", "strict_parsing", "encoding", "errors", "max_num_fields", "separator"},
    "parse_qsl": {"keep_blank_values", "strict_parsing", "encoding", "errors", "max_num_fields", "separator"},
    "unquote": {"encoding", "errors"}, "unquote_plus": {"encoding", "errors"},
    "quote": {"safe", "encoding", "errors"}, "quote_plus": {"safe", "encoding", "errors"},
    "urlencode": {"doseq", "safe", "encoding", "errors"},  # (`quote_via=`: a function the call would run)
}


def _parse(name: str):
    function = getattr(urllib.parse, name)

    def apply(run, args: list, kwargs: dict) -> object:
        if not set(kwargs) <= _KEYWORDS[name] or not all(plain_tree(v) for v in (*args, *kwargs.values())):
            raise Bail
        if name == "urlencode" and (args and type(args[0]) not in (dict, list, tuple) or unordered_within((args, kwargs))):
            raise Bail  # (a set's strs come out in an order that changes from run to run: set_orders.py)
        made = guard(function, *args, **kwargs)
        if not plain_tree(made):
            raise Bail
        return made
    return apply


_PARTS = frozenset({"scheme", "netloc", "path", "params", "query", "fragment", "username", "password", "hostname",
                    "port"})


class UrlParts(ModelledObject):
    """What `urlsplit(url)` / `urlparse(url)` give: CPython's named tuple, read by field."""

    __slots__ = ("real",)

    def __init__(self, real) -> None:
        self.real = real

    def attribute(self, run, name: str) -> object:
        if name in _PARTS and hasattr(type(self.real), name):
            return guard(getattr, self.real, name)  # (`.port` raises ValueError out of range, as Python does)
        if name == "geturl":
            return _GetUrl(self.real)
        raise Bail


class _GetUrl(RunCallable):
    __slots__ = ("real",)

    def __init__(self, real) -> None:
        self.real = real

    def __call__(self, run, args: list, kwargs: dict) -> str:
        if args or kwargs:
            raise Bail
        return guard(self.real.geturl)


def _split(name: str):
    function = getattr(urllib.parse, name)

    def apply(run, args: list, kwargs: dict) -> UrlParts:
        if not args or type(args[0]) is not str or not set(kwargs) <= {"scheme", "allow_fragments"} \
                or not all(plain_tree(v) for v in (*args, *kwargs.values())):
            raise Bail  # (bytes give a named tuple of bytes: not modelled)
        return UrlParts(guard(function, *args, **kwargs))
    return apply


LIBRARY = {**{f"urllib.parse.{name}": _parse(name) for name in _KEYWORDS},
           **{f"urllib.parse.{name}": _split(name) for name in ("urlsplit", "urlparse")}}

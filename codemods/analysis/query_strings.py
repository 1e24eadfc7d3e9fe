"""`urllib.parse` query strings in a script run (script_run.py; issue 13).

A sweep or an experiment request is often one URL-like line (`"mesh=4x2&axes=bucket&axes=metric"`)
read with `parse_qs` (a dict of lists: a repeated key keeps every value, in order) or `parse_qsl`
(the pairs in order), and its values unquoted. These functions read nothing but their arguments
and run no code of the program, so on plain values the real call gives the program's result, or
raises where Python raises (`strict_parsing=True` on a bad field, `max_num_fields` exceeded).
The functions that return named tuples (`urlsplit`, `urlparse`) are not modelled: they stop the run.
"""
from __future__ import annotations

import urllib.parse

from codemods.analysis.host_exprs import guard, plain_tree
from codemods.analysis.host_objects import Bail

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
        if name == "urlencode" and args and type(args[0]) not in (dict, list, tuple):
            raise Bail
        made = guard(function, *args, **kwargs)
        if not plain_tree(made):
            raise Bail
        return made
    return apply


LIBRARY = {f"urllib.parse.{name}": _parse(name) for name in _KEYWORDS}

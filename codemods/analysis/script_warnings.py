"""`warnings` filters in a script run (script_run.py; issue 13): a training script silences
library warnings before it builds its mesh (`warnings.filterwarnings("ignore", ...)`,
`warnings.simplefilter("ignore")`, `with warnings.catch_warnings():`).

Adding a filter returns None and raises only for arguments CPython rejects (an unknown action, a
category that is not a Warning class, a message or module pattern `re` cannot compile): those stop
the run. `catch_warnings()` saves and restores the filters around its block and yields None;
with `record=True` it yields the list of warnings the block issued, which depends on the
libraries' warnings: not modelled.

`warnings.warn(message, DeprecationWarning, stacklevel=2)` (a shim for a renamed keyword) writes a
line to stderr, or nothing, and returns None: the run is the program's own `python3 file.py`, as
everywhere (no `-W error`, as no `-O`). It would raise only under an "error" filter, so once the
program has added one anywhere (even in a block that restores the filters) a warn stops the run;
so do a category that is not a builtin Warning class (a class of the module's: its filters are not
followed) and arguments CPython's signature does not take.
"""
from __future__ import annotations

import builtins
import re

from codemods.analysis.argument_binding import bind
from codemods.analysis.host_objects import Bail, Special
from codemods.analysis.script_values import MeshCtx

# The builtin Warning classes, named as a filter's category (a call or a raise of one: Special).
WARNING_CLASSES = frozenset(name for name, value in vars(builtins).items()
                            if isinstance(value, type) and issubclass(value, Warning))
_ACTIONS = frozenset({"default", "error", "ignore", "always", "all", "module", "once"})


def _category(value: object) -> bool:
    if type(value) is not Special or not value.name.startswith("builtins."):
        return False
    found = getattr(builtins, value.name[len("builtins."):], None)
    return isinstance(found, type) and issubclass(found, Warning)


def _pattern(value: object) -> bool:
    if type(value) is not str:
        return False
    try:
        re.compile(value)
    except re.error:
        return False
    return True


def _filter(params: tuple):
    def apply(run, args: list, kwargs: dict) -> None:
        given = bind(params, args, kwargs)
        if given is None:
            raise Bail
        if given.get("action") == "error":
            run.__dict__["_warnings_raise"] = True  # (a later `warnings.warn` may raise: _warn)
        if given.get("action") not in _ACTIONS or "category" in given and not _category(given["category"]) \
                or not all(_pattern(given[k]) for k in ("message", "module") if k in given) \
                or type(given.get("lineno", 0)) is not int or given.get("lineno", 0) < 0 \
                or type(given.get("append", False)) is not bool:
            raise Bail
        return None
    return apply


def _catch(run, args: list, kwargs: dict) -> MeshCtx:
    if args or kwargs:
        raise Bail  # (`record=True`: the warnings the block issues; `action=`: a filter for the block)
    return MeshCtx(None, False)  # (a context that sets no mesh and yields None)


def _warn(run, args: list, kwargs: dict) -> None:
    params = ("message", "category", "stacklevel")
    given = bind(params, args, kwargs)
    if given is None:
        raise Bail  # (`source=` or arguments CPython rejects: not modelled)
    if run.__dict__.get("_warnings_raise") or type(given.get("message")) is not str \
            or given.get("category") is not None and not _category(given["category"]) \
            or type(given.get("stacklevel", 1)) is not int:
        raise Bail
    return None


LIBRARY = {"warnings.warn": _warn,
           "warnings.filterwarnings": _filter(("action", "message", "category", "module", "lineno", "append")),
           "warnings.simplefilter": _filter(("action", "category", "lineno", "append")),
           "warnings.catch_warnings": _catch}

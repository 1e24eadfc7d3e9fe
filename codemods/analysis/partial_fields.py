"""A `functools.partial` object's fields in a script run (script_run.py; issue 13).

Config code rebuilds a partial from what it binds: `kw = dict(stage.keywords); kw["axis_name"] =
tuple(kw["axis_name"]); functools.partial(stage.func, **kw)` (a Hydra-style `_partial_` node whose
list of axes has to become a tuple). What CPython 3.11 gives:
- `p.func`, `p.args` (a tuple) and `p.keywords` (the partial's own dict: a change to it changes
  what later calls pass, as the run's call reads it then);
- `functools.partial(q, ...)` of a partial `q` without attributes of its own is flattened: its
  func is q's func, its args q's followed by the new ones, its keywords q's updated by the new
  ones. Calls are the same either way; the fields are not. A partialmethod read off an instance is
  a partial of the bound method with `__self__` set (partial_methods.py), which is not flattened:
  a partial of a partial of a bound method is left nested, and its fields are not read (Bail).
Any other attribute of a partial is not modelled (Bail).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, PartialObj


def made(args: list, kwargs: dict) -> PartialObj:
    """`functools.partial(func, *args, **kwargs)`, flattened over a partial `func`."""
    if not args:
        raise Bail
    func, rest = args[0], list(args[1:])
    if type(func) is PartialObj and type(func.func) is not Bound:
        return PartialObj(func.func, [*func.args, *rest], {**func.kwargs, **kwargs})
    return PartialObj(func, rest, dict(kwargs))


def field(obj: PartialObj, name: str) -> object:
    if type(obj.func) is PartialObj:
        raise Bail  # (left nested: a partialmethod's partial of a bound method has a `__dict__`)
    if name == "func":
        return obj.func
    if name == "args":
        return tuple(obj.args)
    if name == "keywords":
        return obj.kwargs
    raise Bail

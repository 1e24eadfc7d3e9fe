"""`functools.partialmethod` in a class body, in a script run (script_classes.py; issue 13):
`reduce_all = partialmethod(_reduce, ("data", "model"))`, `full = partialmethod(run, depth=2)`.

CPython 3.11: read off an instance, a partialmethod of a function is
`partial(func.__get__(obj, cls), *args, **keywords)`: the method bound to the instance, its
given arguments after `self`, then the caller's; keywords the caller passes override its own. It
is a non-data descriptor, so a value the instance holds of that name wins. The run holds it as a
Desc of kind "partialmethod" (bound_members.py) whose func is a PartialObj of the def; read off an
instance it is that partial of the bound method. Anything else (the descriptor read off the
class, a partialmethod of a static or class method, of a lambda or of another partial) stops
the run (Bail).
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail

KIND = "partialmethod"


def make(args: list, kwargs: dict) -> object:
    """`functools.partialmethod(func, *args, **kwargs)`."""
    from codemods.analysis.bound_members import Desc
    from codemods.analysis.script_values import PartialObj, UFunc

    if not args or type(args[0]) is not UFunc:
        raise Bail
    return Desc(KIND, PartialObj(args[0], list(args[1:]), dict(kwargs)))


def bound(desc, obj: object) -> object:
    """The partialmethod read off instance `obj`."""
    from codemods.analysis.script_values import Bound, PartialObj

    made = desc.func
    return PartialObj(Bound(made.func, obj), list(made.args), dict(made.kwargs))

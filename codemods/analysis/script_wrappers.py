"""Objects that wrap a function, in a script run (script_run.py; issue 13).

Remote-execution layers wrap the user's function in an object of their own class and make that
object look like the function: `functools.update_wrapper(self, fn)` in the wrapper's `__init__`
(Ray's `@remote` makes a RemoteFunction whose `.remote(...)` runs it). CPython's update_wrapper
sets `__module__`, `__name__`, `__qualname__`, `__doc__`, `__annotations__` on the wrapper from
the function, merges the function's `__dict__` into the wrapper's, sets `__wrapped__` and hands
the wrapper back. The run does so on an instance of a plain class of the module whose instances
keep their attributes in their own `__dict__` (no `__slots__`, `__setattr__` or class attribute
of those names to intervene); the qualified name, docstring and annotations are kept unknown.
Anything else stops the run (Bail).

`inspect.unwrap(f)` follows `__wrapped__` from a def of the module as CPython 3.11 does (the
first function without one; a cycle raises ValueError, not modelled); a value that is not a def
(hasattr on it may run program code) stops the run.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Opaque, UFunc, UObj

_ASSIGNED = ("__module__", "__name__", "__qualname__", "__doc__", "__annotations__")


def _update_wrapper(run, args: list, kwargs: dict) -> UObj:
    from codemods.analysis.script_functions import function_attribute, function_dict

    if len(args) == 2 and not kwargs and type(args[0]) is UFunc:  # a def made to look like args[1]
        from codemods.analysis.wrapped_callables import update_wrapper

        return update_wrapper(run, args[0], args[1])
    if len(args) != 2 or kwargs or type(args[0]) is not UObj or type(args[1]) is not UFunc:
        raise Bail  # (assigned= or updated= chosen, or a wrapper the run does not hold)
    wrapper, wrapped = args
    cls = wrapper.cls
    if cls.kind != "plain" or wrapper.data is not None or any(
            cls.lookup(name) is not None for name in ("__slots__", "__setattr__", "__dict__", "__wrapped__", *_ASSIGNED)):
        raise Bail
    wrapper.attrs["__module__"] = function_attribute(run, wrapped, "__module__")
    wrapper.attrs["__name__"] = function_attribute(run, wrapped, "__name__")
    for name in ("__qualname__", "__doc__", "__annotations__"):
        wrapper.attrs[name] = Opaque()
    wrapper.attrs.update(function_dict(run, wrapped))
    wrapper.attrs["__wrapped__"] = wrapped
    return wrapper


def _unwrap(run, args: list, kwargs: dict) -> UFunc:
    from codemods.analysis.script_functions import function_dict

    if len(args) != 1 or kwargs or type(args[0]) is not UFunc:
        raise Bail  # (stop= given, or a callable whose `__wrapped__` lookup the run does not hold)
    func, seen = args[0], {id(args[0])}
    while "__wrapped__" in function_dict(run, func):
        func = function_dict(run, func)["__wrapped__"]
        if type(func) is not UFunc or id(func) in seen:
            raise Bail  # (a wrapped object of another kind, or ValueError on a cycle)
        seen.add(id(func))
    return func


LIBRARY = {"functools.update_wrapper": _update_wrapper, "inspect.unwrap": _unwrap}

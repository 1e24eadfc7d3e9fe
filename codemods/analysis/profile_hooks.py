"""A `sys.setprofile` hook in a script run (script_functions.py, script_run.py; issue 13): the
hook set and read back, the frames it is handed, and its events as CPython 3.11 sends them.

The hook is called with a frame (`f_code`, `f_locals` in the code's own order: read by
script_functions.frame_attribute) on every "call" and "return" of a module function and on
"c_call"/"c_return" of a builtin function while it is set; any other call while it is set (a
library function has Python frames of its own, a comprehension is a frame in 3.11) stops the run
(Bail). A Sacred-like config scope reads its locals this way.

Kept apart from script_functions.py (functions as objects) because a profile hook is a concept of
its own: a watcher of every call the run makes. The code moved here unchanged.
"""
from __future__ import annotations

import sys
import types

from codemods.analysis.host_exprs import Env, Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, UFunc

_C_FUNCTIONS = (types.BuiltinFunctionType, types.BuiltinMethodType)


class FrameObj:
    """The frame a profile hook is handed: its code and its locals."""

    __slots__ = ("env", "func")

    def __init__(self, func: UFunc, env: Env) -> None:
        self.func, self.env = func, env


class Profiling:
    """`sys.setprofile(hook)`: the hook the run calls on every event while it is set."""

    def __init__(self) -> None:
        self.hook: object = None
        self.inside = False  # (the hook's own calls are not profiled)
        self.passing = False  # (the call gated_call lets through, once)

    def active(self) -> bool:
        return self.hook is not None and not self.inside

    def event(self, run, frame: object, kind: str, arg: object) -> None:
        self.inside = True
        try:
            run.call(self.hook, [frame, kind, arg], {})
        finally:
            self.inside = False


def profiling(run) -> Profiling:
    found = run.__dict__.get("_profiling")
    if found is None:
        found = run.__dict__["_profiling"] = Profiling()
    return found


def set_profile(run, args: list, kwargs: dict) -> None:
    if len(args) != 1 or kwargs or not (args[0] is None or type(args[0]) is UFunc):
        raise Bail
    state = profiling(run)
    if state.active():
        state.event(run, _current_frame(run), "c_call", sys.setprofile)
    state.hook = args[0]  # (the c_return goes to the new hook: one of the module's, or none)
    if state.hook is not None and state.inside:
        raise Bail


def _current_frame(run) -> FrameObj:
    stack = run.__dict__.get("_frame_stack")
    if not stack:
        raise Bail  # (module level)
    return stack[-1]


def profiled_run(run, func: UFunc, env: Env, body) -> object:
    """Run a module function's body with "call" and "return" events to the hook (a frame the
    hook was set inside of and that returns while it is still set stops the run)."""
    state = profiling(run)
    stack = run.__dict__.setdefault("_frame_stack", [])
    frame = FrameObj(func, env)
    stack.append(frame)
    try:
        if not state.active():
            try:
                result = body()
            except Raised:
                if state.active():
                    raise Bail from None
                raise
            if state.active():
                raise Bail
            return result
        state.event(run, frame, "call", None)
        try:
            result = body()
        except Raised:
            if state.active():
                state.event(run, frame, "return", None)
            raise
        if state.active():
            state.event(run, frame, "return", result)
        return result
    finally:
        stack.pop()


def profiled_c_call(run, real: object, call) -> object:
    """A builtin function called while a hook is set: "c_call", then "c_return" (or
    "c_exception") to the hook, with the builtin itself as the event's argument."""
    state = profiling(run)
    if not isinstance(real, _C_FUNCTIONS):
        return call()  # (a type called: no event)
    frame = _current_frame(run)
    state.event(run, frame, "c_call", real)
    try:
        result = call()
    except Raised:
        if state.active():
            state.event(run, frame, "c_exception", real)
        raise
    if state.active():
        state.event(run, frame, "c_return", real)
    return result


_NO_EVENT = frozenset({"builtins.type", "builtins.object", "builtins.super"})


def gated_call(run, func: object, args: list, kwargs: dict) -> object:
    """A call while a hook is set: a module function (its events come from profiled_run), a
    builtin function (wrapped in its C events) or a builtin type (no event); any other stops
    the run, whose frames the hook would see and the run does not model."""
    from codemods.analysis.host_objects import BUILTINS, Special
    from codemods.analysis.script_values import Lib, UClass, UObj

    state = profiling(run)
    kind = type(func)
    real = None
    if kind is Lib and func.name in ("sys.setprofile", "sys.getprofile"):
        real = sys.getprofile if func.name == "sys.getprofile" else None  # (setprofile sends its own events)
    elif kind is Special and func.name not in _NO_EVENT:
        real = _builtin(func.name)
    elif isinstance(func, _C_FUNCTIONS) and (func in BUILTINS.values() or type(getattr(func, "__self__", None))
                                              in (str, dict, list, tuple)):
        real = func
    elif not (kind is UFunc or kind is Bound and type(func.func) is UFunc or kind is UObj
              or kind is UClass and func.kind == "plain" or kind is Special
              or isinstance(func, type) and func in BUILTINS.values()):
        raise Bail
    state.passing = True
    if real is None:
        return run.call(func, args, kwargs)
    return profiled_c_call(run, real, lambda: run.call(func, args, kwargs))


def _builtin(name: str) -> object:
    import builtins

    found = getattr(builtins, name.rsplit(".", 1)[-1], None)
    if not isinstance(found, _C_FUNCTIONS):
        raise Bail
    return found


def _get_profile(run, args: list, kwargs: dict) -> object:
    if args or kwargs:
        raise Bail
    return profiling(run).hook


def _set_profile(run, args: list, kwargs: dict) -> None:
    set_profile(run, args, kwargs)


LIBRARY = {"sys.getprofile": _get_profile, "sys.setprofile": _set_profile}

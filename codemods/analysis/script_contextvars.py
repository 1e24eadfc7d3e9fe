"""`contextvars.ContextVar` in a script run (script_run.py; issue 13).

Research code keeps "the active layout" in a ContextVar that a context manager sets and resets
and the shard_map bodies read with `.get()`. A script runs in one context (the run does not model
`copy_context`, threads or asyncio: those stop it), and a generator shares its caller's context,
so the variable's value is simply held by the object: `set` hands back a token remembering the
value before, `reset(token)` puts it back (once, and only on the variable that made it, as
Python checks), `get()` gives the value, or `get(default)`'s default, or the variable's own
default, and otherwise raises LookupError as Python does.
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import RunCallable

_UNSET = object()


class ContextVarObj(ModelledObject):
    """A ContextVar made by the program: its name, default and current value."""

    __slots__ = ("default", "name", "value")

    def __init__(self, name: str, default: object) -> None:
        self.name, self.default, self.value = name, default, _UNSET

    def attribute(self, run, name: str) -> object:
        if name == "name":
            return self.name
        if name in ("get", "set", "reset"):
            return VarMethod(self, name)
        raise Bail


class TokenObj:
    """What `var.set(value)` hands back: the variable, the value before, and whether it was used."""

    __slots__ = ("before", "used", "var")

    def __init__(self, var: ContextVarObj, before: object) -> None:
        self.var, self.before, self.used = var, before, False


class VarMethod(RunCallable):
    __slots__ = ("name", "var")

    def __init__(self, var: ContextVarObj, name: str) -> None:
        self.var, self.name = var, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        var = self.var
        if kwargs:
            raise Bail
        if self.name == "get":
            if len(args) > 1:
                raise Bail
            if var.value is not _UNSET:
                return var.value
            if args:
                return args[0]
            if var.default is not _UNSET:
                return var.default
            raise Raised(LookupError(var.name))
        if len(args) != 1:
            raise Bail
        if self.name == "set":
            token = TokenObj(var, var.value)
            var.value = args[0]
            return token
        token = args[0]
        if type(token) is not TokenObj or token.var is not var or token.used:
            raise Bail  # (Python raises ValueError or RuntimeError: not modelled)
        token.used = True
        var.value = token.before
        return None


def make_var(run, args: list, kwargs: dict) -> ContextVarObj:
    if len(args) != 1 or type(args[0]) is not str or not set(kwargs) <= {"default"}:
        raise Bail
    return ContextVarObj(args[0], kwargs.get("default", _UNSET))


LIBRARY = {"contextvars.ContextVar": make_var}

"""`contextvars.ContextVar` in a script run (script_run.py; issue 13).

Research code keeps "the active layout" in a ContextVar that a context manager sets and resets
and the shard_map bodies read with `.get()`. Outside asyncio a script runs in one context (the
run does not model threads: they stop it), and a generator shares its caller's
context: `set` hands back a token remembering the value before, `reset(token)` puts it back (once,
and only on the variable and in the context that made it, as Python checks), `get()` gives the value, or `get(default)`'s default, or the variable's own
default, and otherwise raises LookupError as Python does.

`contextvars.copy_context()` copies the current context; `ctx.run(f, *args, **kwargs)` runs f with
that copy current (a `set` inside stays in the copy, seen by the next `ctx.run`, not by the
caller; a token made inside resets only inside) and restores the caller's context however f
leaves; running a context already entered (RuntimeError) and the copy's other members stop the
run. A token's `var` is its variable and `old_value` the value before (`Token.MISSING`, when there
was none, is not modelled).

asyncio is run (script_asyncio.py), and there one value per variable no longer holds:
`asyncio.run`'s coroutine and every task run in a COPY of the context made when the task is
created, so a `set` in a task is not seen by its creator, nor one its creator makes after
`create_task` by the task (found by adversarial15). The values are therefore kept per context:
the run's current context is a dict (`run._context`) that a task's stepping swaps for the copy
it was made with (script_asyncio.py `Bridge`); `await coro` runs in the awaiting task's context,
as in Python. An executor thread (`run_in_executor`) has a context of its own, which persists
from job to job of one worker: any use there stops the run.
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import RunCallable

_UNSET = object()


def current_context(run) -> dict:
    """The context the run's code runs in now: ContextVarObj -> value."""
    found = run.__dict__.get("_context")
    if found is None:
        found = run._context = {}
    return found


class ContextVarObj(ModelledObject):
    """A ContextVar made by the program: its name and default (its values are the contexts')."""

    __slots__ = ("default", "name")

    def __init__(self, name: str, default: object) -> None:
        self.name, self.default = name, default

    def attribute(self, run, name: str) -> object:
        if name == "name":
            return self.name
        if name in ("get", "set", "reset"):
            return VarMethod(self, name)
        raise Bail


class TokenObj(ModelledObject):
    """What `var.set(value)` hands back: the variable, the value before, the context it was
    made in, and whether it was used."""

    __slots__ = ("before", "context", "used", "var")

    def __init__(self, var: ContextVarObj, before: object, context: dict) -> None:
        self.var, self.before, self.context, self.used = var, before, context, False

    def attribute(self, run, name: str) -> object:
        if name == "var":
            return self.var
        if name == "old_value" and self.before is not _UNSET:
            return self.before
        raise Bail  # (`Token.MISSING`, the type's other members: not modelled)


class ContextObj(ModelledObject):
    """A copy of a context (`contextvars.copy_context()`): its own values, and whether a
    `ctx.run` has it entered now."""

    __slots__ = ("entered", "values")

    def __init__(self, values: dict) -> None:
        self.values, self.entered = values, False

    def attribute(self, run, name: str) -> object:
        if name == "run":
            return ContextRun(self)
        raise Bail  # (the mapping members of a Context: not modelled)


class ContextRun(RunCallable):
    """`ctx.run(f, *args, **kwargs)`: f called with ctx current, the caller's context back after."""

    __slots__ = ("ctx",)

    def __init__(self, ctx: ContextObj) -> None:
        self.ctx = ctx

    def __call__(self, run, args: list, kwargs: dict) -> object:
        ctx = self.ctx
        if not args or ctx.entered or run.__dict__.get("_worker"):
            raise Bail  # (a context entered twice raises RuntimeError; a worker thread's: see above)
        outer = current_context(run)
        ctx.entered, run._context = True, ctx.values
        try:
            return run.call(args[0], list(args[1:]), dict(kwargs))
        finally:
            ctx.entered, run._context = False, outer


def copy_context(run, args: list, kwargs: dict) -> ContextObj:
    if args or kwargs or run.__dict__.get("_worker"):
        raise Bail
    return ContextObj(dict(current_context(run)))


class VarMethod(RunCallable):
    __slots__ = ("name", "var")

    def __init__(self, var: ContextVarObj, name: str) -> None:
        self.var, self.name = var, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        var = self.var
        if kwargs or run.__dict__.get("_worker"):
            raise Bail  # (a worker thread's own context: see above)
        context = current_context(run)
        value = context.get(var, _UNSET)
        if self.name == "get":
            if len(args) > 1:
                raise Bail
            if value is not _UNSET:
                return value
            if args:
                return args[0]
            if var.default is not _UNSET:
                return var.default
            raise Raised(LookupError(var.name))
        if len(args) != 1:
            raise Bail
        if self.name == "set":
            token = TokenObj(var, value, context)
            context[var] = args[0]
            return token
        token = args[0]
        if type(token) is not TokenObj or token.var is not var or token.used or token.context is not context:
            raise Bail  # (Python raises ValueError or RuntimeError: not modelled)
        token.used = True
        if token.before is _UNSET:
            context.pop(var, None)
        else:
            context[var] = token.before
        return None


def make_var(run, args: list, kwargs: dict) -> ContextVarObj:
    if len(args) != 1 or type(args[0]) is not str or not set(kwargs) <= {"default"}:
        raise Bail
    return ContextVarObj(args[0], kwargs.get("default", _UNSET))


LIBRARY = {"contextvars.ContextVar": make_var, "contextvars.copy_context": copy_context}

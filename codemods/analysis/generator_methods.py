"""A generator object's own methods in a script run, and generators left suspended (issue 13).

Coroutine-style generators are driven by hand: a collector primed by `next(gen)` and fed by
`gen.send(value)` (the suspended `yield` evaluates to it), a worker told of a failure by
`gen.throw(error)` (raised at that `yield`: its handlers may catch it and yield again), a
generator finished early by `gen.close()` (GeneratorExit raised at that `yield`: its `finally`
blocks and `with` exits run, and a body that yields again makes close raise RuntimeError).

A generator left suspended at a `yield` inside a `try` (with handlers or a `finally`) or a `with`
runs that code later, when CPython closes it, which happens when its last reference goes: a point
the run does not follow. Such a generator is remembered as unclosed until it is resumed (it was
alive until then) or closed by hand; a stop reached while one is unclosed is not certain (its
cleanup may have run before and changed what the stop saw), so the run gives no finding then.
A `yield` whose enclosing blocks run nothing when it is closed leaves nothing to remember, unless
some other generator is suspended where closing runs code (the first may hold the other, as a
`for` over it: freeing the first closes the other).
"""
from __future__ import annotations

import ast

from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import RunCallable


def resumed(gen) -> None:
    """The generator is being resumed: it was alive until now, so not closed meanwhile."""
    unclosed_generators(gen.run).pop(id(gen), None)


def left_suspended(gen) -> None:
    """The consumer stopped asking while the generator is suspended (a `next`, a loop left early)."""
    if gen.done or gen.thread is None:
        return
    if _runs_code(gen) or any(other is not gen and not other.done and other.thread is not None and not other.running
                              and _runs_code(other)
                              for other in gen.run.__dict__.get("_generators", ())):
        unclosed_generators(gen.run)[id(gen)] = gen  # (closing it may also free another suspended one it holds)


def _runs_code(gen) -> bool:
    from codemods.analysis.script_generators import closes_with_code

    if gen.at is None:  # (a `yield from`, an await: where is not kept; any try or with of its body may run)
        return closes_with_code(gen.func.node)
    return closing_runs_code(gen.func.node, gen.at)


def unclosed(run) -> bool:
    """Some generator was left suspended where closing it runs its code (module docstring)."""
    return bool(run.__dict__.get("_unclosed"))


def unclosed_generators(run) -> dict:
    return run.__dict__.setdefault("_unclosed", {})


def closing_runs_code(func: ast.AST, at: ast.AST) -> bool:
    """Whether GeneratorExit raised at the `yield` `at` of the def `func` passes through code: a
    `with` around it (its exit), a `try` whose body holds it and that has handlers (one may catch
    it) or a `finally`, or whose handlers or `else` hold it and that has a `finally`. Unknown
    (the `yield` not found in the def's own body): it may."""
    path = statement_path(func, at)
    if path is None:
        return True
    for outer, inner in zip(path, path[1:]):
        if type(outer) in (ast.With, ast.AsyncWith) and inner in outer.body:
            return True
        if type(outer) in (ast.Try, ast.TryStar):
            if inner in outer.body and (outer.handlers or outer.finalbody):
                return True
            if (inner in outer.handlers or inner in outer.orelse) and outer.finalbody:
                return True
    return False


def statement_path(func: ast.AST, at: ast.AST) -> list | None:
    """The nodes from `func` down to `at`, not entering nested scopes."""
    def search(node: ast.AST, trail: list) -> list | None:
        if node is at:
            return trail + [node]
        if node is not func and type(node) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef,
                                                ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp):
            return None
        for child in ast.iter_child_nodes(node):
            found = search(child, trail + [node])
            if found is not None:
                return found
        return None

    return search(func, [])


class GenMethod(RunCallable):
    """`gen.send`, `gen.throw`, `gen.close` of a generator object of a module function."""

    __slots__ = ("gen", "name")

    def __init__(self, gen, name: str) -> None:
        self.gen, self.name = gen, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        from codemods.analysis.caught_iteration_ends import consume_fresh

        fresh = consume_fresh(run)  # (written as the call's own callee: caught_iteration_ends.py)
        if kwargs:
            raise Bail
        return getattr(self, "_" + self.name)(run, args, fresh)

    def _send(self, run, args: list, fresh: bool) -> object:
        gen = self.gen
        if len(args) != 1:
            raise Bail
        if gen.thread is None and not gen.done and args[0] is not None:
            raise Bail  # (TypeError: a value sent to a just-started generator)
        gen.sent = args[0]
        return self._resume(run, gen, fresh)

    def _throw(self, run, args: list, fresh: bool) -> object:
        gen = self.gen
        if len(args) != 1:
            raise Bail  # (the deprecated (type, value, traceback) form)
        error = args[0]
        if isinstance(error, type) and issubclass(error, Exception) and not issubclass(error, StopIteration):
            from codemods.analysis.host_exprs import guard

            error = guard(error)  # (a class: Python makes its instance with no arguments)
        if not isinstance(error, Exception) or isinstance(error, StopIteration):
            raise Bail  # (a value that is not an exception: TypeError)
        if gen.thread is None or gen.done:
            raise Bail  # (not started or finished: raised in the caller; not followed)
        gen.thrown = error
        return self._resume(run, gen, fresh)

    def _close(self, run, args: list, fresh: bool) -> None:
        from codemods.analysis.host_exprs import Raised

        gen = self.gen
        if args:
            raise Bail
        if gen.running:
            raise Bail  # (ValueError: generator already executing)
        if gen.thread is None or gen.done:
            gen.done = True  # (an unstarted generator is closed without running any of its body)
            unclosed_generators(run).pop(id(gen), None)
            return None
        gen.thrown = GeneratorExit()
        try:
            more, _ = gen.step()
        except Raised as raised:
            if type(raised.error) is not GeneratorExit:
                raise
            return None
        if more:
            raise Bail  # (RuntimeError: generator ignored GeneratorExit)
        return None

    def _resume(self, run, gen, fresh: bool) -> object:
        more, value = gen.step()
        if not more:  # (StopIteration in the caller, when a handler there certainly catches it)
            from codemods.analysis.caught_iteration_ends import iteration_end

            raise iteration_end(run, fresh, value)
        left_suspended(gen)
        return value


def generator_attribute(gen, name: str) -> GenMethod:
    if name not in ("send", "throw", "close"):
        raise Bail
    return GenMethod(gen, name)

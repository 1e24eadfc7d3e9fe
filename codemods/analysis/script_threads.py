"""`threading.Thread` in a script run (script_run.py; issue 13), in the one form whose outcome does
not depend on how threads are scheduled.

A launcher starts a worker thread that builds the layout and puts it on a queue, then joins it
(`t = Thread(target=build, args=(q,)); t.start(); t.join(); axes = q.get()`). Python runs the
target while the main thread goes on; when the main thread does nothing between `start()` and
`join()` (the next statement the run begins is a `x.join()`), every schedule gives the state the
target leaves, so the run calls the target at `join()`. Anything else stops the run (Bail) before
it runs: any other statement while a thread is started and not joined (it may race with the
target, script_run.py asks `running` at each statement), a second `start`, a `join` with a timeout. An exception the target raises ends
the thread only (threading prints it; `join` returns); JAX's error at a stop inside it ends the
run there: the line raises in every schedule. `t.run()` calls the target in the calling thread,
as Python does.
"""
from __future__ import annotations

import ast

from codemods.analysis.argument_binding import bind
from codemods.analysis.host_exprs import Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import RunCallable


class ThreadObj(ModelledObject):
    __slots__ = ("args", "kwargs", "started", "state", "target")

    def __init__(self, target: object, args: tuple, kwargs: dict) -> None:
        self.target, self.args, self.kwargs = target, args, kwargs
        self.state, self.started = "new", None  # new, started, done; the statement count at start

    def attribute(self, run, name: str) -> object:
        if name in ("start", "join", "run", "is_alive"):
            return ThreadMethod(self, name)
        raise Bail

    def call(self, run, name: str, args: list, kwargs: dict) -> object:
        if args or kwargs:
            raise Bail  # (`join(timeout)`: whether the target ended by then is not known)
        if name == "run":
            return self.run_target(run, in_thread=False)
        if name == "is_alive":
            raise Bail  # (depends on the schedule)
        if name == "start":
            if self.state != "new":
                raise Raised(RuntimeError("threads can only be started once"))
            self.state, self.started = "started", run.statements
            run.__dict__.setdefault("_threads", []).append(self)
            return None
        if self.state == "new":
            raise Raised(RuntimeError("cannot join thread before it is started"))
        if self.state == "started":
            if run.statements != self.started + 1:
                raise Bail  # (the main thread ran code while the target may have been running)
            self.state = "done"
            run._threads.remove(self)
            self.run_target(run, in_thread=True)
        return None

    def run_target(self, run, in_thread: bool) -> None:
        if self.target is None:
            return None
        from codemods.analysis.swallowing_blocks import swallowing

        run.__dict__["_other_thread"] = run.__dict__.get("_other_thread", 0) + in_thread  # (set_meshes.py)
        try:
            with swallowing(run, in_thread):  # (its exception ends the thread only: swallowing_blocks.py)
                run.call(self.target, list(self.args), dict(self.kwargs))
        except Raised:
            if not in_thread:
                raise
        finally:
            run._other_thread -= in_thread
        return None  # (a thread's exception is printed by threading, not raised in the joiner)


def running(run, node: ast.stmt) -> None:
    """A statement begins while a thread is started: only `x.join()` may run then."""
    if any(thread.state == "started" for thread in run._threads) and not (
            type(node) is ast.Expr and type(node.value) is ast.Call and not node.value.args
            and not node.value.keywords and type(node.value.func) is ast.Attribute and node.value.func.attr == "join"
            and type(node.value.func.value) in (ast.Name, ast.Attribute)):
        raise Bail


class ThreadMethod(RunCallable):
    __slots__ = ("name", "owner")

    def __init__(self, owner: ThreadObj, name: str) -> None:
        self.owner, self.name = owner, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        return self.owner.call(run, self.name, args, kwargs)


def _thread(run, args: list, kwargs: dict) -> ThreadObj:
    given = bind(("group", "target", "name", "args", "kwargs"), args, kwargs, keyword_only=("daemon",))
    if given is None or given.get("group") is not None:
        raise Bail
    thread_args, thread_kwargs = given.get("args", ()), given.get("kwargs") or {}
    if type(thread_args) not in (tuple, list) or type(thread_kwargs) is not dict:
        raise Bail
    return ThreadObj(given.get("target"), tuple(thread_args), thread_kwargs)


LIBRARY = {"threading.Thread": _thread}

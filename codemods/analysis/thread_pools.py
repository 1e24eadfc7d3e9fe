"""`concurrent.futures.ThreadPoolExecutor` in a script run (script_run.py; issue 13):
`pool.submit(build_axes, cfg).result()`, `list(pool.map(step, batches))`.

Python runs each submitted call on a worker thread, at a time the schedule decides, beside the
main thread and the other jobs; `future.result()` waits for it and returns its value or raises
its exception in the caller; `map` submits every call at once (its iterables read then) and
hands back the results in order, each waited for when the loop asks for it (the first exception
met is raised there); leaving the `with` block (`shutdown(wait=True)`), normally or by JAX's error,
waits for every job, whose exceptions stay in their futures. `as_completed(futures)` yields them as they finish: in any order
(with at most three, the run is made once for each: unknown_choices.py).

When a job runs does not matter when it reads nothing that changes while it is in flight and
changes nothing another thread could read: then whenever it runs, it computes the same. So the
run runs a job when its result is first asked for (or at shutdown), on a state it checks is the
one the job was submitted on (its function, its arguments, the module's globals, the environment
variables, and every object reachable from them: retraced_bodies.snapshot), and checks after it
ran that it changed none of them (what it made and returned is its own). The job runs in its
worker thread's own context, empty (a ContextVar reads its default there); one it sets stops the
run. A check that fails stops the run (Bail); so do a job
met at shutdown that raises JAX's error (its future keeps it: the program goes on), a job still in
flight when the program's own exception leaves the block (the exit runs it before a handler sees
the exception), a pool used outside a `with` block (its jobs may run at any later point), `wait`, more than three futures
for `as_completed`, timeouts, callbacks, cancellation, and a ProcessPoolExecutor.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail
from codemods.analysis.library_contexts import LibraryContext
from codemods.analysis.modelled_objects import ModelledObject
from codemods.analysis.script_values import RunCallable


class Job:
    __slots__ = ("args", "before", "func", "kwargs", "outcome")

    def __init__(self, run, func: object, args: list, kwargs: dict) -> None:
        from codemods.analysis.retraced_bodies import snapshot
        from codemods.analysis.script_environment import variables

        self.func, self.args, self.kwargs, self.outcome = func, args, kwargs, None
        self.before = snapshot([func, args, kwargs, run.module_env, variables(run)])

    def settle(self, run, waiting: bool) -> tuple:
        """Run the job (once): ("value", v) or ("raise", Raised). A stop met propagates when a
        caller waits on it (`waiting`), else stops the run."""
        from codemods.analysis.host_exprs import Raised
        from codemods.analysis.retraced_bodies import unchanged
        from codemods.analysis.script_values import GatherStop

        if self.outcome is not None:
            return self.outcome
        if not unchanged(self.before):
            raise Bail  # (what it reads changed while it was in flight)
        outer = run.__dict__.get("_context")
        run._context = own = {}  # (a worker thread runs in a context of its own, empty: script_contextvars.py)
        run.__dict__["_other_thread"] = run.__dict__.get("_other_thread", 0) + 1  # (set_meshes.py)
        try:
            self.outcome = ("value", run.call(self.func, list(self.args), dict(self.kwargs)))
        except Raised as raised:
            self.outcome = ("raise", raised)
        except GatherStop:
            if not waiting:
                raise Bail from None  # (kept in its future: the program goes on)
            raise
        finally:
            run.__dict__["_context"] = outer
            run._other_thread -= 1
        if not unchanged(self.before) or own:
            raise Bail  # (it changed what another thread may read, at a time not known; or its worker's context)
        return self.outcome


def _given(outcome: tuple) -> object:
    kind, value = outcome
    if kind == "raise":
        raise value
    return value


class FutureObj(ModelledObject):
    __slots__ = ("job", "pool")

    def __init__(self, pool, job: Job) -> None:
        self.pool, self.job = pool, job

    def attribute(self, run, name: str) -> object:
        if name != "result":
            raise Bail  # (`done`, `exception`, callbacks, `cancel`: depend on the schedule)
        return _Method(self, name)

    def call(self, run, name: str, args: list, kwargs: dict) -> object:
        if args or kwargs:
            raise Bail  # (a timeout)
        return _given(self.job.settle(run, True))


class PoolObj(LibraryContext):
    __slots__ = ("entered", "jobs", "shut")

    def __init__(self) -> None:
        self.jobs: list = []
        self.shut = self.entered = False

    def attribute(self, run, name: str) -> object:
        if name not in ("submit", "map", "shutdown"):
            raise Bail
        return _Method(self, name)

    def call(self, run, name: str, args: list, kwargs: dict) -> object:
        if name == "shutdown":
            if args or set(kwargs) - {"wait"} or kwargs.get("wait", True) is not True:
                raise Bail
            self.leave(run)
            return None
        if self.shut or not self.entered:
            raise Bail  # (RuntimeError after shutdown; a pool outside a `with`: its jobs may still run anywhere)
        if name == "submit":
            if not args:
                raise Bail
            job = Job(run, args[0], list(args[1:]), dict(kwargs))
            self.jobs.append(job)
            return FutureObj(self, job)
        if len(args) < 2 or kwargs:
            raise Bail  # (a timeout, a chunksize)
        sources = [run.iterate(source) for source in args[1:]]
        jobs = [Job(run, args[0], list(items), {}) for items in zip(*sources)]
        self.jobs.extend(jobs)
        return _results(run, jobs)

    def enter(self, run) -> object:
        return self

    def run_with(self, run, target, body, env) -> None:
        from codemods.analysis.host_exprs import Break, Continue, Raised, Return
        from codemods.analysis.script_values import GatherStop

        self.entered = True
        if target is not None:
            run.store(target, self.enter(run), env)
        try:
            body()
        except GatherStop:
            self.leave(run)  # (the exit waits for the jobs in flight: each must have read and changed nothing shared)
            raise
        except Raised:
            if self.pending():
                raise Bail from None  # (its jobs run on the way out, before a handler sees the error)
            raise
        except (Break, Continue, Return):
            self.leave(run)  # (the block is left normally: shutdown waits)
            raise
        self.leave(run)

    def pending(self) -> bool:
        return any(job.outcome is None for job in self.jobs)

    def leave(self, run) -> None:
        self.shut = True
        for job in self.jobs:
            job.settle(run, False)


def _results(run, jobs: list):
    from codemods.analysis.functional_iterators import _lazy

    def producer():
        for job in jobs:
            yield _given(job.settle(run, True))

    return _lazy(producer)


class _Method(RunCallable):
    __slots__ = ("name", "owner")

    def __init__(self, owner, name: str) -> None:
        self.owner, self.name = owner, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        return self.owner.call(run, self.name, args, kwargs)


def _pool(run, args: list, kwargs: dict) -> PoolObj:
    given = dict(zip(("max_workers", "thread_name_prefix"), args), **kwargs)
    if len(args) > 2 or not set(given) <= {"max_workers", "thread_name_prefix"} \
            or not all(type(value) in (int, str, type(None)) for value in given.values()):
        raise Bail  # (an initializer runs in each worker: not modelled)
    if type(given.get("max_workers")) is int and given["max_workers"] <= 0:
        raise Bail  # (ValueError)
    return PoolObj()


def _as_completed(run, args: list, kwargs: dict):
    """`as_completed(futures)`: each future as it finishes, in an order the schedule decides. The
    run is made again for each order (unknown_choices.py: a finding holds for all of them)."""
    import itertools
    import math

    from codemods.analysis.unknown_choices import SORTED_AT_MOST, choose

    if len(args) != 1 or kwargs:
        raise Bail  # (a timeout)
    futures = []
    for item in run.iterate(args[0]):
        if type(item) is not FutureObj:
            raise Bail
        if all(item is not seen for seen in futures):
            futures.append(item)  # (as_completed takes them as a set)
    if len(futures) > SORTED_AT_MOST:
        raise Bail
    order = list(itertools.permutations(futures))[choose(run, math.factorial(len(futures)))] if futures else ()

    from codemods.analysis.functional_iterators import _lazy

    def producer():
        yield from order

    return _lazy(producer)


LIBRARY = {"concurrent.futures.ThreadPoolExecutor": _pool, "concurrent.futures.as_completed": _as_completed,
           "concurrent.futures.thread.ThreadPoolExecutor": _pool}

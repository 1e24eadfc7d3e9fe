"""Coroutines in a script run (script_run.py; issue 13): services written on asyncio, whose entry
is `asyncio.run(main())`, whose handlers `await` each other, queue work for consumer tasks,
`gather` submissions and hand the compute to `loop.run_in_executor`.

A coroutine is a generator whose suspension points are its awaits (script_generators.py): its
body runs on a thread of its own, handing control back and forth with whoever steps it. What it
hands out when it suspends is what asyncio's own coroutines hand out: a future to wait for (or
None, a bare yield). The scheduling is asyncio's own: `asyncio.run` here runs a real event loop
of the standard library, whose tasks step the run's coroutines through a bridge object, so that
the order of the ready queue (FIFO; a task starts at the loop's next turn, not at
`create_task`), `gather`, `Queue`, `Lock`, `Semaphore`, `Event` and `TaskGroup` are exactly
CPython's. Only what is not deterministic is stopped (Bail):

- `loop.run_in_executor(None, f, *args)` runs f on a worker thread, at the same time as the
  loop. The run runs f when the loop has nothing else to do (it would block waiting for it),
  on a thread with no context mesh (`jax.set_mesh` is thread-local): exact only when the loop
  runs nothing meanwhile; beside another ready callback, or a second job in flight, only a job
  whose trace meets a JAX error is followed (overlapping_jobs.py), and a job submitted other than
  by `await loop.run_in_executor(...)` right away stops the run.
- `await asyncio.to_thread(f, *args)` is such a job (it copies the contextvars: a job that reads
  one stops the run); `asyncio.wait` of tasks stops unless each of its sets holds one task (a
  set's order is the tasks' addresses'); a task of asyncio's own coroutine (`queue.join()`) is
  CPython's.
- timers other than those script_timers.py follows (`asyncio.sleep(d)` with d > 0), a loop
  waiting forever. A cancellation (`task.cancel()`) is CPython's own: the Task throws
  CancelledError in, and the awaitable the coroutine waits in (a queue's `get`) reads it there,
  as does a future failed by `set_exception`; another exception thrown in stops the run.
- a context mesh changed by another task while a coroutine was suspended (JAX's mesh context is
  per thread, not per task: the run does not model the interleaving of `with` exits).
"""
from __future__ import annotations

import ast
import asyncio
import collections.abc
from asyncio import events

from codemods.analysis import overlapping_jobs, script_timers, task_errors
from codemods.analysis.host_exprs import LambdaValue, Raised
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_contextvars import current_context
from codemods.analysis.script_generators import GenRun, current
from codemods.analysis.script_values import Bound, GatherStop, Lib, JitFn, PartialObj, RunCallable, ShardMapFn, UFunc


class _Abort(SystemExit):
    """Carries a Bail or a stop out of the real loop (a task would keep any other exception)."""

    def __init__(self, error: BaseException) -> None:
        super().__init__()
        self.error = error


def is_async_generator(node: ast.AST) -> bool:
    found = node.__dict__.get("_sf_async_generator")
    if found is None:
        found, pending = False, list(node.body)
        while pending and not found:
            item = pending.pop()
            if type(item) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp,
                              ast.SetComp, ast.DictComp, ast.GeneratorExp):
                continue
            found = type(item) is ast.Yield
            pending.extend(ast.iter_child_nodes(item))
        node._sf_async_generator = found
    return found


class CoroRun(GenRun):
    """A coroutine object of a module `async def`: its body runs when it is awaited or a task steps it."""

    awaited = False

    def pend(self, future: object) -> None:
        self.suspend(future)


class _Item:
    __slots__ = ("value",)

    def __init__(self, value: object) -> None:
        self.value = value


class _Pending:
    __slots__ = ("future",)

    def __init__(self, future: object) -> None:
        self.future = future


class AsyncGenRun(GenRun):
    """An async generator object: its `yield`s hand items to `async for`; its awaits pass up."""

    def suspend(self, value: object, at=None) -> object:  # (a `yield` in its body)
        return GenRun.suspend(self, _Item(value), at)

    def pend(self, future: object) -> None:
        GenRun.suspend(self, _Pending(future))

    def __iter__(self):
        raise Bail


def left_open(gen: object) -> bool:
    """An async generator left suspended whose closing may run code: GeneratorExit thrown at its
    `yield` (asyncio.run's shutdown, or its finalizer) meets a `try` or a `with` of its body.
    One with none of them ends there and runs nothing (heldout163's `batch_stream`)."""
    if type(gen) is not AsyncGenRun or gen.thread is None or gen.done:
        return False
    node = gen.func.node if gen.func is not None else None
    return node is None or any(type(each) in (ast.Try, ast.TryStar, ast.With, ast.AsyncWith, ast.FunctionDef,
                                              ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
                               for statement in node.body for each in ast.walk(statement))


def make_coroutine(run, func: UFunc, args: list, kwargs: dict) -> GenRun:
    return (AsyncGenRun if is_async_generator(func.node) else CoroRun)(run, func, args, kwargs)


def _bind(run) -> None:
    """asyncio's primitives ask for the running loop, a per-thread value: a coroutine's own
    thread stands for the loop's thread while it runs."""
    loop = run.__dict__.get("_loop")
    if loop is None:
        raise Bail  # (outside `asyncio.run`: RuntimeError, no running event loop)
    if events._get_running_loop() is None:
        events._set_running_loop(loop)


def _pend(run, future: object) -> None:
    """Suspend the coroutine running on this thread until its task is stepped again."""
    gen = current(run)
    meshes = (list(run.contexts), run.lasting)
    gen.pend(future)
    if (list(run.contexts), run.lasting) != meshes or any(
            a is not b for a, b in zip(run.contexts, meshes[0])):
        raise Bail  # (another task entered or left a context mesh meanwhile)
    _bind(run)


def step_async_gen(run, gen: AsyncGenRun) -> tuple[bool, object]:
    """One `__anext__` of an async generator, in the consumer's coroutine."""
    while True:
        more, out = gen.step()
        if not more:
            return False, out
        if type(out) is _Item:
            return True, out.value
        if _cancelled_at(run, out.future) is not None:
            raise Bail  # (cancelled while the generator waits: not thrown in there)


def awaited(run, node: ast.Await, env) -> object:
    """`await operand`: a call awaited at once is marked (run_in_executor asks)."""
    outer = run.__dict__.get("_awaited_call")
    run._awaited_call = node.value if type(node.value) is ast.Call else None
    try:
        value = run.eval(node.value, env)
    finally:
        run._awaited_call = outer
    return await_value(run, value)


def await_value(run, value: object) -> object:
    """`await value` in a coroutine's body."""
    if type(value) is CoroRun:
        if value.awaited:
            raise Bail  # (RuntimeError: cannot reuse already awaited coroutine)
        value.awaited = True
        while True:
            more, out = value.step()
            if not more:
                return out
            value.thrown = _cancelled_at(run, out)  # (a cancellation thrown in goes on to where it waits)
    if isinstance(value, Native):
        return value.body(run)
    if isinstance(value, (asyncio.Future, collections.abc.Coroutine)) and type(value) is not Bridge:
        _bind(run)
        task_errors.consumed(run, [value])  # (`await task`: its exception is raised here)
        steps, thrown = value.__await__(), None
        while True:
            try:
                out = steps.send(None) if thrown is None else steps.throw(thrown)
            except StopIteration as stop:
                return stop.value
            except (Exception, asyncio.CancelledError) as error:  # noqa: BLE001  (the program's: QueueEmpty, a
                # task's exception, the cancellation of the task awaited or of this one)
                raise Raised(error) from None
            except BaseException:  # noqa: BLE001
                raise Bail from None
            thrown = _cancelled_at(run, out)
    raise Bail


def _cancelled_at(run, future: object) -> asyncio.CancelledError | None:
    """Suspend at `future`; the cancellation thrown in there when its task resumes, if any
    (Bridge.throw): the awaitable it waits in hears of it, as in CPython."""
    try:
        _pend(run, future)
    except Raised as raised:
        if type(raised.error) is not asyncio.CancelledError:
            raise
        return raised.error
    return None


class Native:
    """An awaitable the run models by Python code of its own, run in the awaiting coroutine."""

    __slots__ = ("body",)

    def __init__(self, body) -> None:
        self.body = body


class Bridge(collections.abc.Coroutine):
    """What a real asyncio Task steps: the run's coroutine, one piece per `send`."""

    def __init__(self, coro: CoroRun, main: bool = False) -> None:
        if type(coro) is not CoroRun or coro.awaited:
            raise Bail
        coro.awaited = True
        self.waiting = None  # (the future its coroutine waits on now)
        self.coro, self.carries = coro, main  # (asyncio.run's own: its exception leaves the loop; task_errors.py)
        self.context = dict(current_context(coro.run))  # (a task runs in a copy made now: script_contextvars.py)

    def send(self, value: object) -> object:
        run = self.coro.run
        outer, carried, bridge = run.__dict__.get("_context"), run.__dict__.get("_task_carries", False), \
            run.__dict__.get("_task_bridge")
        run._context, run._task_carries, run._task_bridge = self.context, self.carries, self
        try:
            more, out = self.coro.step()
        except Raised as raised:
            raise raised.error from None
        except GatherStop as error:
            raise _Abort(Bail() if task_errors.doubtful(run, self) else error) from None  # (task_errors.py)
        except Bail as error:
            raise _Abort(error) from None
        except BaseException as error:  # noqa: BLE001  (the run's own failure: unknown)
            raise _Abort(Bail()) from error
        finally:
            run._context, run._task_carries, run._task_bridge = outer, carried, bridge
        if not more:
            raise StopIteration(out)
        self.waiting = out
        return out

    def throw(self, error=None, *rest) -> object:
        """What a real Task throws in when the future its coroutine waits on ends with an
        exception (a `set_exception`, or a cancellation: `task.cancel()` cancels that future):
        the coroutine is resumed, and the awaitable it waits in reads that outcome itself, as
        CPython's `Future.__await__` does. A cancellation of a task whose future is already done
        (it was ready to resume) is raised at its `await`, and thrown in to the awaitable there.
        Any other exception thrown in is not modelled."""
        waiting, coro = self.waiting, self.coro
        if rest or not isinstance(waiting, asyncio.Future):
            raise _Abort(Bail())
        if waiting.done() and (isinstance(error, asyncio.CancelledError) and waiting.cancelled()
                               or not waiting.cancelled() and waiting.exception() is error):
            return self.send(None)
        if type(error) is not asyncio.CancelledError or coro.thread is None or coro.done:
            raise _Abort(Bail())
        coro.thrown = error  # (`cancel()` while it was ready to resume: raised at its `await`)
        return self.send(None)

    def close(self) -> None:
        return None

    def __await__(self):
        raise Bail


class RunLoop(asyncio.SelectorEventLoop):
    """The standard selector loop, told when it would wait: then an executor job in flight runs."""

    def __init__(self, run) -> None:
        super().__init__()
        self.run, self.jobs, self.pending = run, [], None  # (pending: a job's stop, overlapping_jobs.py)
        self.timers: list = []  # (armed, not yet due: when each fires is a choice, script_timers.py)
        self.set_exception_handler(lambda loop, context: None)  # (a task's unread exception: logged only)

    def _run_once(self) -> None:
        script_timers.due(self, _Abort)
        overlapping_jobs.watch(self, _Abort)
        if self.jobs:
            if self._ready or self._scheduled or self.timers or len(self.jobs) > 1 or self.pending is not None:
                overlapping_jobs.overlap(self, _Abort)  # (when the worker finishes, relative to the loop: not known)
                overlapping_jobs.watch(self, _Abort)
            else:
                self.jobs.pop()()
        elif not self._ready and not self._stopping:
            raise _Abort(Bail())  # (a timer, or nothing: the loop would wait)
        before = _work(self.run)
        super()._run_once()
        self.work = self.__dict__.get("work", 0) + (_work(self.run) != before)  # (JAX work on the loop's thread)

    def create_task(self, coro, **kwargs):
        task = super().create_task(coro, **kwargs)
        task._log_destroy_pending = False
        return task

    def call_at(self, when, callback, *args, context=None):
        return script_timers.armed(self, when, callback, args, context)


def _work(run) -> tuple:
    return len(run.traced), sum(len(held[1]) for held in run.__dict__.get("jit_calls", {}).values())


def run_coroutine(run, args: list, kwargs: dict) -> object:
    """`asyncio.run(coro)`."""
    if len(args) != 1 or set(kwargs) - {"debug"} or type(args[0]) is not CoroRun \
            or run.__dict__.get("_loop") is not None or events._get_running_loop() is not None:
        raise Bail
    loop = RunLoop(run)
    run._loop = loop
    try:
        task = loop.create_task(Bridge(args[0], main=True))
        try:
            try:
                loop.run_until_complete(task)
            except Exception:  # (the program's own, out of its main task: the job's thread still runs)
                if loop.pending is not None:
                    _shut_down(loop)
                raise
            if loop.pending is not None:
                _shut_down(loop)
        except _Abort as abort:
            raise abort.error from None
        except Exception as error:  # noqa: BLE001  (the program's own exception, out of its main task)
            raise Raised(error) from None
        except BaseException:  # noqa: BLE001
            raise Bail from None
        if any(not other.done() for other in asyncio.all_tasks(loop)):
            raise Bail  # (asyncio.run cancels them: their handlers would run)
        if task_errors.doubtful(run):
            raise Bail  # (a task's step passed on faith, its exception kept by no one: task_errors.py)
        if any(left_open(gen) for gen in run.__dict__.get("_generators", ())):
            raise Bail  # (asyncio.run closes async generators left suspended: their `finally` would run)
        return task.result()
    finally:
        run._loop = None
        loop.jobs = []
        loop.close()


def _shut_down(loop) -> None:
    """The main task ended (or raised) with an executor job's stop still ahead: asyncio.run
    cancels the tasks left and runs the loop until they end (their handlers run), then waits
    for the executor's threads, and so for the job; what it reads is checked at every turn
    (overlapping_jobs.watch) and at the end (finish)."""
    left = [other for other in asyncio.all_tasks(loop) if not other.done()]
    for other in left:
        other.cancel()
    if left:
        loop.run_until_complete(asyncio.gather(*left, return_exceptions=True))
    if any(left_open(gen) for gen in loop.run.__dict__.get("_generators", ())):
        raise _Abort(Bail())  # (asyncio.run closes them next: their `finally` would run beside the job)
    overlapping_jobs.finish(loop, _Abort)


def create_task(run, args: list, kwargs: dict) -> object:
    """`asyncio.create_task(coro)`, `asyncio.ensure_future(coro)`, `loop.create_task(coro)`."""
    if len(args) != 1 or set(kwargs) - {"name"}:
        raise Bail
    _bind(run)
    if isinstance(args[0], asyncio.Future):
        return args[0]
    if _stdlib_coroutine(args[0]):
        return run._loop.create_task(args[0], **kwargs)  # (`queue.join()`: asyncio's own code, stepped by its loop)
    bridge = Bridge(args[0])
    return task_errors.made(run, run._loop.create_task(bridge, **kwargs), bridge)


def gather(run, args: list, kwargs: dict) -> object:
    if set(kwargs) - {"return_exceptions"}:
        raise Bail
    _bind(run)
    parts = [Bridge(a) if type(a) is CoroRun else a if isinstance(a, asyncio.Future) or _stdlib_coroutine(a) else _bail()
             for a in args]
    swallowed = kwargs.get("return_exceptions", False) is not False
    for part in parts:
        if type(part) is Bridge:
            part.carries = not swallowed and task_errors.passes_on(run)  # (task_errors.py)
    task_errors.consumed(run, parts, swallowed)
    return asyncio.gather(*parts, **kwargs)


def sleep(run, args: list, kwargs: dict) -> object:
    delay = args[0] if len(args) == 1 and not kwargs else kwargs.get("delay") if set(kwargs) == {"delay"} else None
    if delay != 0 or type(delay) not in (int, float):
        raise Bail  # (a timer: when it fires, relative to the run's slower steps, is another matter)
    return asyncio.sleep(0)


def run_in_executor(run, args: list, kwargs: dict) -> object:
    """`loop.run_in_executor(None, f, *args)`: f on a worker thread; the run runs it when the loop waits."""
    loop = run.__dict__.get("_loop")
    awaited = run.__dict__.get("_awaited_call")
    if loop is None or kwargs or len(args) < 2 or args[0] is not None or awaited is None or awaited is not run.node:
        raise Bail  # (a job whose future is kept while the submitter goes on: races it)
    if run.lasting is not None or run.in_body or run.jitted:
        raise Bail  # (a mesh set for good: whether the worker sees it is not modelled)
    func, given = args[1], list(args[2:])
    if type(func) not in (UFunc, Bound, PartialObj, JitFn, ShardMapFn, LambdaValue) and not isinstance(func, RunCallable):
        raise Bail
    future = loop.create_future()
    awaiting = (getattr(run, "guarded", 0), list(run.__dict__.get("catching", [])))  # (the handlers its exception meets)

    def job() -> None:
        run.__dict__.setdefault("catching", [])
        saved = {name: run.__dict__.get(name) for name in ("frames", "node", "op_node", "guarded", "catching", "contexts",
                                                            "_worker")}
        run.frames, run.contexts = [], []  # (a thread of its own: no mesh)
        run.guarded, run.catching = awaiting[0], list(awaiting[1])  # (what it raises, `await` raises in its awaiter)
        run._worker = True  # (nor the loop's contextvars: script_contextvars.py)
        try:
            result = run.call(func, given, {})
        except Raised as raised:
            loop.call_soon(_settle, future, None, raised.error)
            return
        except BaseException as error:  # noqa: BLE001  (a stop, a Bail)
            raise _Abort(error if isinstance(error, (Bail, GatherStop)) else Bail()) from None
        finally:
            for name, value in saved.items():
                run.__dict__[name] = value
        loop.call_soon(_settle, future, result, None)

    overlapping_jobs.submitted(run, job, [func, given, run.module_env])
    loop.jobs.append(job)
    return future


def to_thread(run, args: list, kwargs: dict) -> object:
    """`await asyncio.to_thread(f, *args)`: CPython's coroutine hands f to the default executor
    at once (`run_in_executor(None, ...)`); the worker thread has no context mesh either."""
    if kwargs or not args:
        raise Bail  # (keyword arguments go to f: not modelled)
    return run_in_executor(run, [None, *args], {})


def wait(run, args: list, kwargs: dict) -> object:
    """`await asyncio.wait(tasks, return_when=...)`: asyncio's own, on tasks and futures (3.11
    refuses coroutines). Its `done` and `pending` are sets of tasks, iterated in an order set by
    their addresses: one holding more than one task stops the run."""
    given = dict(zip(("fs", "timeout", "return_when"), args), **kwargs)
    if len(args) > 3 or len(given) != len(args) + len(kwargs) or "fs" not in given or given.get("timeout") is not None:
        raise Bail  # (a timeout: a timer, not modelled here)
    tasks = given["fs"]
    if type(tasks) not in (set, list, tuple, frozenset) or not tasks \
            or not all(isinstance(each, asyncio.Future) for each in tasks):
        raise Bail
    when = given.get("return_when", asyncio.ALL_COMPLETED)
    if type(when) is Lib and when.name.startswith("asyncio."):  # (`asyncio.FIRST_COMPLETED`, read as a name)
        when = getattr(asyncio, when.name[len("asyncio."):], None)
    if type(when) is not str or when not in (asyncio.ALL_COMPLETED, asyncio.FIRST_COMPLETED, asyncio.FIRST_EXCEPTION):
        raise Bail
    _bind(run)
    return _waited(set(tasks), when)


async def _waited(tasks: set, when: str) -> tuple:
    done, pending = await asyncio.wait(tasks, return_when=when)
    if len(done) > 1 or len(pending) > 1:
        raise Bail  # (their order in the set is their addresses': not known)
    return done, pending


def _stdlib_coroutine(value: object) -> bool:
    """A coroutine of asyncio's own code (`queue.join()`, `event.wait()`), not the program's."""
    return isinstance(value, collections.abc.Coroutine) and type(value) not in (Bridge, CoroRun) \
        and getattr(getattr(value, "cr_code", None), "co_filename", "").startswith(_ASYNCIO_DIR)


_ASYNCIO_DIR = __import__("os").path.dirname(asyncio.__file__)


def _settle(future, result, error) -> None:
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


def _bail():
    raise Bail


"""What asyncio programs use around their coroutines, in a script run (script_asyncio.py; issue
13): `async with` and `async for`, async generators, `contextlib.asynccontextmanager`,
`contextlib.AsyncExitStack`, the loop's and the primitives' methods (`asyncio.Queue`, `Lock`,
`Semaphore`, `Event`, `TaskGroup`, futures and tasks: the standard library's own objects), and
the `inspect` predicates a framework dispatches on (`iscoroutinefunction`, `isasyncgenfunction`,
`isawaitable`).

An `async with` whose body raises, an async generator left suspended by a loop that ends early or
closed while suspended (its `finally` and `async with` exits would run at another time), and a
method not listed stop the run (Bail).
"""
from __future__ import annotations

import ast
import asyncio
import collections.abc

from codemods.analysis import script_timers
from codemods.analysis.host_exprs import Break, Continue, Raised, Return, guard
from codemods.analysis.host_objects import Bail, Special
from codemods.analysis.script_asyncio import (AsyncGenRun, Bridge, CoroRun, Native, _bind, await_value, create_task,
                                              gather, run_coroutine, run_in_executor, sleep, step_async_gen,
                                              left_open, to_thread, wait)
from codemods.analysis.script_values import Bound, Lib, Opaque, PartialObj, RunCallable, UClass, UFunc, UObj

_PRIMITIVES = (asyncio.Queue, asyncio.Lock, asyncio.Semaphore, asyncio.Event, asyncio.TaskGroup, asyncio.Future,
               asyncio.AbstractEventLoop)
_METHODS = {
    asyncio.Queue: {"put", "get", "put_nowait", "get_nowait", "empty", "full", "qsize", "task_done", "join", "maxsize"},
    asyncio.Lock: {"acquire", "release", "locked"},
    asyncio.Semaphore: {"acquire", "release", "locked"},
    asyncio.Event: {"set", "clear", "is_set", "wait"},
    asyncio.TaskGroup: {"create_task"},
    asyncio.Future: {"set_result", "set_exception", "done", "result", "exception", "cancelled", "cancel"},
}


class AsyncMethod(RunCallable):
    """A method of one of asyncio's objects, called with the run's values."""

    __slots__ = ("obj", "name")

    def __init__(self, obj: object, name: str) -> None:
        self.obj, self.name = obj, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        _bind(run)
        if isinstance(self.obj, asyncio.AbstractEventLoop):
            if self.name == "run_in_executor":
                return run_in_executor(run, args, kwargs)
            if self.name == "create_task":
                return create_task(run, args, kwargs)
            if self.name == "create_future" and not args and not kwargs:
                return self.obj.create_future()
            if self.name == "time" and not args and not kwargs:
                return script_timers.loop_time(run)
            raise Bail
        if type(self.obj) is asyncio.TaskGroup:
            if len(args) != 1 or kwargs or type(args[0]) is not CoroRun:
                raise Bail
            from codemods.analysis.task_errors import passes_on

            bridge = Bridge(args[0])
            bridge.carries = passes_on(run)  # (a group's task's exception leaves `async with` in its awaiter)
            task = self.obj.create_task(bridge)
            task._log_destroy_pending = False
            return task
        if self.name == "set_exception" and not (len(args) == 1 and isinstance(args[0], Exception)):
            raise Bail
        return guard(getattr(self.obj, self.name), *args, **kwargs)


def is_primitive(obj: object) -> bool:
    return isinstance(obj, _PRIMITIVES)


def primitive_attribute(run, obj: object, name: str) -> object:
    if run.__dict__.get("_worker"):
        raise Bail  # (asyncio's objects from an executor's thread: not thread-safe; overlapping_jobs.submitted)
    if isinstance(obj, asyncio.AbstractEventLoop):
        if name in ("run_in_executor", "create_task", "create_future", "time"):
            return AsyncMethod(obj, name)
        raise Bail
    kind = next((k for k in _METHODS if isinstance(obj, k)), None)
    if kind is None or name not in _METHODS[kind]:
        raise Bail
    if name == "maxsize":
        return obj.maxsize
    return AsyncMethod(obj, name)


def _primitive(kind):
    def make(run, args: list, kwargs: dict) -> object:
        if not all(type(v) in (int, float, bool) for v in (*args, *kwargs.values())):
            raise Bail
        return guard(kind, *args, **kwargs)
    return make


def _running_loop(run, args: list, kwargs: dict) -> object:
    if args or kwargs:
        raise Bail
    _bind(run)
    return run._loop


def _unwrapped(func: object) -> object:
    while type(func) in (PartialObj, Bound):
        func = func.func
    return func


def _flagged(kind: str):
    def predicate(run, args: list, kwargs: dict) -> bool:
        if len(args) != 1 or kwargs:
            raise Bail
        func = _unwrapped(args[0])
        if type(func) is UFunc:
            from codemods.analysis.script_asyncio import is_async_generator
            if type(func.node) is not ast.AsyncFunctionDef:
                return False
            return is_async_generator(func.node) == (kind == "asyncgen")
        if type(func) in (UObj, UClass) or callable(func) and type(func).__module__ == "builtins":
            return False  # (an instance with an async `__call__`: not a coroutine function on 3.11)
        raise Bail
    return predicate


def _is_awaitable(run, args: list, kwargs: dict) -> bool:
    if len(args) != 1 or kwargs:
        raise Bail
    value = args[0]
    if type(value) in (CoroRun, Native) or isinstance(value, (asyncio.Future,)):
        return True
    if type(value) is UObj:
        if value.cls.lookup("__await__") is not None:
            raise Bail
        return False
    if type(value) in (Opaque, Lib, Special) or isinstance(value, collections.abc.Awaitable):
        raise Bail  # (a value the run does not know, or a library's awaitable)
    return False  # (the run's own values: meshes, arrays, specs, the module's functions and objects)


class AsyncManager(RunCallable):
    """`contextlib.asynccontextmanager(f)`: calling it makes a manager whose `async with` runs f."""

    __slots__ = ("func",)

    def __init__(self, func: UFunc) -> None:
        self.func = func

    def __call__(self, run, args: list, kwargs: dict) -> object:
        made = run.call(self.func, args, kwargs)
        if type(made) is not AsyncGenRun:
            raise Bail
        return AsyncManaged(made)


class AsyncManaged:
    __slots__ = ("gen", "used")

    def __init__(self, gen: AsyncGenRun) -> None:
        self.gen, self.used = gen, False


def _async_manager(run, args: list, kwargs: dict) -> AsyncManager:
    if len(args) != 1 or kwargs or type(args[0]) is not UFunc or type(args[0].node) is not ast.AsyncFunctionDef:
        raise Bail
    return AsyncManager(args[0])


class ExitStack:
    """`contextlib.AsyncExitStack()`: callbacks run last-in first-out when its `async with` ends."""

    __slots__ = ("callbacks",)

    def __init__(self) -> None:
        self.callbacks: list = []


def _exit_stack(run, args: list, kwargs: dict) -> ExitStack:
    if args or kwargs:
        raise Bail
    return ExitStack()


class _StackMethod(RunCallable):
    __slots__ = ("stack", "name")

    def __init__(self, stack: ExitStack, name: str) -> None:
        self.stack, self.name = stack, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if self.name == "push_async_callback" and args:
            self.stack.callbacks.append((args[0], list(args[1:]), kwargs))
            return args[0]
        if self.name == "aclose" and not args and not kwargs:
            return Native(lambda run: _unwind(run, self.stack))
        raise Bail


def _unwind(run, stack: ExitStack) -> None:
    while stack.callbacks:
        func, args, kwargs = stack.callbacks.pop()
        await_value(run, run.call(func, args, kwargs))


def object_attribute(run, obj: object, name: str) -> object:
    """A method of an async generator or an exit stack."""
    if type(obj) is ExitStack and name in ("push_async_callback", "aclose"):
        return _StackMethod(obj, name)
    if type(obj) is AsyncGenRun and name in ("__anext__", "aclose"):
        return _GenMethod(obj, name)
    raise Bail


class _GenMethod(RunCallable):
    __slots__ = ("gen", "name")

    def __init__(self, gen: AsyncGenRun, name: str) -> None:
        self.gen, self.name = gen, name

    def __call__(self, run, args: list, kwargs: dict) -> object:
        if args or kwargs:
            raise Bail
        gen = self.gen
        if self.name == "__anext__":
            def following(run) -> object:
                more, value = step_async_gen(run, gen)
                if not more:
                    raise Raised(StopAsyncIteration())
                return value
            return Native(following)

        def closing(run) -> None:
            if gen.thread is not None and not gen.done:
                raise Bail  # (GeneratorExit thrown at its `yield`: its exits run; not modelled)
            gen.done = True
        return Native(closing)


def async_with(run, node: ast.AsyncWith, env, items: list | None = None) -> None:
    items = node.items if items is None else items
    if not items:
        return run.block(node.body, env)
    item, rest = items[0], items[1:]
    manager = run.eval(item.context_expr, env)
    if type(manager) is AsyncManaged:
        if manager.used:
            raise Bail
        manager.used = True
        more, value = step_async_gen(run, manager.gen)
        if not more:
            raise Bail  # (RuntimeError: generator didn't yield)
        leave = lambda: _left(step_async_gen(run, manager.gen))  # noqa: E731
    elif type(manager) is ExitStack:
        value, leave = manager, lambda: _unwind(run, manager)
    elif type(manager) is UObj and manager.cls.lookup("__aenter__") and manager.cls.lookup("__aexit__"):
        enter, exit_ = run.attribute(manager, "__aenter__"), run.attribute(manager, "__aexit__")
        value = await_value(run, run.call(enter, [], {}))
        leave = lambda: _unsuppressed(await_value(run, run.call(exit_, [None, None, None], {})))  # noqa: E731
    elif is_primitive(manager) and type(manager) in (asyncio.Lock, asyncio.Semaphore, asyncio.TaskGroup):
        _bind(run)
        value = await_value(run, manager.__aenter__())
        leave = lambda: await_value(run, manager.__aexit__(None, None, None))  # noqa: E731
    else:
        raise Bail
    if item.optional_vars is not None:
        run.store(item.optional_vars, value, env)
    try:
        async_with(run, node, env, rest)
    except (Break, Continue, Return):
        leave()
        raise
    except Raised as raised:
        if _raised_through(run, manager, raised.error, leave):
            return  # (the manager's generator swallowed it: `__aexit__` answers True)
        raise
    leave()


def _raised_through(run, manager: object, error: BaseException, leave) -> bool:
    """The program's exception leaving an `async with` body, as CPython's `__aexit__` sees it:
    a lock or semaphore is released and it goes on; an `asynccontextmanager` throws it in at the
    generator's `yield` (what the generator raises goes on; True when it ends quietly). Any other
    manager's exit is not modelled."""
    if type(manager) is AsyncManaged:
        if not isinstance(error, Exception) or isinstance(error, StopAsyncIteration):
            raise Bail  # (contextlib's own handling of these: not followed)
        manager.gen.thrown = error
        more, _ = step_async_gen(run, manager.gen)
        if more:
            raise Bail  # (RuntimeError: generator didn't stop after athrow())
        return True
    if is_primitive(manager) and type(manager) in (asyncio.Lock, asyncio.Semaphore):
        leave()
        return False
    raise Bail


def _left(step: tuple) -> None:
    if step[0]:
        raise Bail  # (RuntimeError: generator didn't stop)


def _unsuppressed(result: object) -> None:
    return None


def async_for(run, node: ast.AsyncFor, env) -> None:
    source = run.eval(node.iter, env)
    try:
        run.run_loop(node, async_items(run, source), env)
    except Raised:
        _left_suspended(source)
        raise
    _left_suspended(source)


def _left_suspended(source: AsyncGenRun) -> None:
    if left_open(source):
        raise Bail  # (left suspended by a `break`: its finalizer runs when it is collected)


def async_items(run, source: object):
    """The items `async for` gets from an async generator, each asked for when the loop goes on."""
    if type(source) is not AsyncGenRun:
        raise Bail
    while True:
        more, value = step_async_gen(run, source)
        if not more:
            return
        yield value


def is_async_object(obj: object) -> bool:
    return type(obj) in (ExitStack, AsyncGenRun) or is_primitive(obj)


def async_attribute(run, obj: object, name: str) -> object:
    return primitive_attribute(run, obj, name) if is_primitive(obj) else object_attribute(run, obj, name)


LIBRARY = {
    "asyncio.run": run_coroutine,
    "asyncio.create_task": create_task,
    "asyncio.ensure_future": create_task,
    "asyncio.gather": gather,
    "asyncio.sleep": sleep,
    "asyncio.wait_for": script_timers.wait_for,
    "asyncio.to_thread": to_thread,
    "asyncio.wait": wait,
    "asyncio.get_running_loop": _running_loop,
    "asyncio.get_event_loop": _running_loop,
    "asyncio.Queue": _primitive(asyncio.Queue),
    "asyncio.Lock": _primitive(asyncio.Lock),
    "asyncio.Semaphore": _primitive(asyncio.Semaphore),
    "asyncio.BoundedSemaphore": _primitive(asyncio.BoundedSemaphore),
    "asyncio.Event": _primitive(asyncio.Event),
    "asyncio.TaskGroup": _primitive(asyncio.TaskGroup),
    "contextlib.asynccontextmanager": _async_manager,
    "contextlib.AsyncExitStack": _exit_stack,
    "inspect.iscoroutinefunction": _flagged("coroutine"),
    "asyncio.iscoroutinefunction": _flagged("coroutine"),
    "inspect.isasyncgenfunction": _flagged("asyncgen"),
    "inspect.isawaitable": _is_awaitable,
}

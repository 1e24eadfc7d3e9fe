"""Generator functions in a script run (script_run.py; issue 13): data loaders that `yield` their
batches (`for batch in build_loader(...)`, a loader class's `__iter__`) and
`@contextlib.contextmanager` helpers that make a mesh and `yield` it inside `with mesh:`.

Python runs a generator's body a piece at a time, between the consumer's own steps: what the
body does before its first `yield` happens when the consumer first asks, its next piece when it
asks again. The run keeps that order exactly by running the body in a thread of its own that
hands control back and forth with the consumer (only one of them runs at any time); each side
keeps its own call stack (frames, the call being made, `try` depth), while what Python shares
(the context mesh set by `with mesh:`, module state, objects) stays shared.

Modelled consumers: a `for` loop (its rounds interleaved with the body; also over
`enumerate(gen)`; a list, set or dict comprehension's first `for`, when closing the generator
runs none of its code), `next(gen)`, `gen.send(v)`, `gen.throw(e)`, `gen.close()`
(generator_methods.py), `list(gen)` and `tuple(gen)` (the body run to its end),
`yield from gen` in another generator's body, and a `with` statement over a context manager (its
body runs between the generator's first piece and the rest). Anything else that would walk a
generator (`zip`, `sorted`) stops the run, as does a generator resumed inside or
outside a shard_map body or jitted function other than the one it began in, and a generator
left suspended (by a loop that ends early, or by `next`) at a `yield` inside a `try` or `with`:
CPython closes it as soon as its last reference goes, running its `finally`, handlers or exits,
which the run does not follow (generator_methods.py: no stop is certain while one is unclosed).
"""
from __future__ import annotations

import ast
import threading

from codemods.analysis.generator_methods import left_suspended, resumed
from codemods.analysis.stopped_walks import leaving, stopped
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, RunCallable, UFunc, UObj

_STACK = ("frames", "node", "op_node", "guarded", "depth", "line")
_STACK_BYTES = 64 * 1024 * 1024


def is_generator(node: ast.AST) -> bool:
    """A def whose own body (not a nested scope) holds a `yield`."""
    found = node.__dict__.get("_sf_generator")
    if found is None:
        found = False
        pending = list(node.body) if type(node) is ast.FunctionDef else []
        while pending and not found:
            item = pending.pop()
            if type(item) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp,
                              ast.SetComp, ast.DictComp, ast.GeneratorExp):
                continue
            found = type(item) in (ast.Yield, ast.YieldFrom)
            pending.extend(ast.iter_child_nodes(item))
        node._sf_generator = found
    return found


def closes_with_code(node: ast.AST) -> bool:
    """Whether closing the generator while suspended may run its code: its own body has a `try`
    with a `finally` or handlers, or a `with` (CPython closes a suspended generator as soon as its
    last reference goes, which the run does not follow)."""
    found = node.__dict__.get("_sf_closes_with_code")
    if found is None:
        found, pending = False, list(node.body)
        while pending and not found:
            item = pending.pop()
            if type(item) in (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef):
                continue
            found = type(item) in (ast.With, ast.AsyncWith) or isinstance(item, ast.Try) and bool(
                item.finalbody or item.handlers) or type(item).__name__ == "TryStar"
            pending.extend(ast.iter_child_nodes(item))
        node._sf_closes_with_code = found
    return found


class _Closed(BaseException):
    """Unwinds a suspended generator's thread when its run ends."""


class _Thread(threading.Thread):
    def __init__(self, generator: GenRun) -> None:
        super().__init__(daemon=True)
        self.generator = generator

    def run(self) -> None:
        gen = self.generator
        gen.to_gen.acquire()
        message: tuple
        try:
            if gen.closing:
                raise _Closed
            _restore(gen.run, gen.saved)
            value = gen.run.run_func(gen.func, gen.args, gen.kwargs, body=True)
            message = ("return", value)
        except _Closed:
            message = ("closed", None)
        except BaseException as error:  # noqa: BLE001  (a Bail, a stop, the program's exception: the consumer's)
            message = ("raise", error.with_traceback(None))
            if isinstance(getattr(error, "error", None), StopIteration):  # (RuntimeError in Python: PEP 479)
                message = ("raise", Bail())
        gen.message, gen.done, gen.thread = message, True, None
        self.generator = None
        gen.to_consumer.release()


class GenRun:
    """A generator object of a module function: not started until asked for its first item."""

    def __init__(self, run, func: UFunc, args: list, kwargs: dict) -> None:
        self.run, self.func, self.args, self.kwargs = run, func, args, kwargs
        self.to_gen, self.to_consumer = threading.Semaphore(0), threading.Semaphore(0)
        self.thread: _Thread | None = None
        self.done = self.closing = self.running = False
        self.message: tuple = ()
        self.saved: dict = {}
        self.base = 0  # the handlers counted around its consumer when it was last stepped
        self.contexts = 0  # the context meshes its body has entered and not left
        self.tracing: tuple = ()  # (shard_map body, jit depth, states) it began in: it runs only there
        self.at: ast.AST | None = None  # the `yield` it is suspended at (None: not known)
        self.sent: object = None  # what `send` passes to the suspended `yield` (generator_methods.py)
        self.thrown: BaseException | None = None  # what `throw` and `close` raise there
        run.__dict__.setdefault("_generators", []).append(self)

    def __iter__(self):
        raise Bail  # (a walk other than those modelled: `list(gen)`, `zip(gen, ...)`; not a TypeError)

    def step(self) -> tuple[bool, object]:
        """`next(gen)`: (True, the value yielded) or (False, the value returned)."""
        run = self.run
        if self.done:
            return False, None
        if self.running:
            raise Bail  # (ValueError: generator already executing)
        if (state := run.__dict__.get("_profiling")) is not None and state.active():
            raise Bail  # (a profile hook would see the generator's frames)
        if self.thread is None:
            self.tracing = _tracing(run)
        resumed(self)  # (alive until now: not closed by CPython meanwhile; generator_methods.py)
        if _tracing(run) != self.tracing:
            raise Bail  # (resumed in or out of a traced body other than the one it began in)
        mine = _saved(run)
        if self.thread is not None and self.saved:  # (resumed under its consumer's handlers of now:
            # what it raises goes there; its own `try`s count on top, swallowing_blocks.py)
            self.saved["guarded"] = (self.saved.get("guarded") or 0) - self.base + (mine.get("guarded") or 0)
        self.base = mine.get("guarded") or 0
        if self.thread is None:
            self.thread = _Thread(self)
            self.saved = mine
            previous = threading.stack_size(_STACK_BYTES)  # (as deep as the main thread's runs go)
            try:
                self.thread.start()
            finally:
                threading.stack_size(previous)
        before = len(run.contexts)
        self.running = True
        self.to_gen.release()
        self.to_consumer.acquire()
        self.running = False
        self.contexts += len(run.contexts) - before
        _restore(run, mine)
        kind, value = self.message
        if kind == "raise":
            raise value
        if kind in ("return", "closed"):
            return False, value
        return True, value

    def walk(self):
        """The items a `for` gets, each asked for when the loop starts its next round."""
        finished = False
        try:
            while True:
                more, value = self.step()
                if not more:
                    finished = True
                    return
                yield value
        finally:
            if not finished and self.contexts:
                raise Bail  # (left suspended inside a mesh it entered)
            if not finished and not stopped(self):  # (left by a stop: stopped_walks.py)
                left_suspended(self)  # (freed, it is closed then, running its `finally`: generator_methods.py; adversarial15)

    def suspend(self, value: object, at: ast.AST | None = None) -> object:
        """A `yield` in the body (run on the generator's thread): hand `value` out, wait to resume;
        what `send` passes is its value, what `throw` passes is raised there."""
        run = self.run
        if _tracing(run) != self.tracing:
            raise Bail
        self.at = at
        self.saved = _saved(run)
        self.message = ("yield", value)
        self.to_consumer.release()
        self.to_gen.acquire()
        if self.closing:
            raise _Closed
        _restore(run, self.saved)
        self.at = None
        thrown, self.thrown = self.thrown, None
        if thrown is not None:
            from codemods.analysis.host_exprs import Raised

            raise Raised(thrown)
        sent, self.sent = self.sent, None
        return sent

    def close(self) -> None:
        """The run ended: unwind a suspended body (its thread ends)."""
        thread = self.thread
        if thread is not None and not self.done:
            self.closing = True
            self.to_gen.release()
            thread.join(timeout=5)
        self.run = self.func = self.args = self.kwargs = None
        self.saved, self.message = {}, ()


def current(run) -> GenRun:
    """The generator whose body the calling thread runs (a `yield` outside one: not modelled)."""
    thread = threading.current_thread()
    gen = thread.generator if type(thread) is _Thread else None
    if gen is None or gen.run is not run:
        raise Bail
    return gen


def close_all(run) -> None:
    for gen in run.__dict__.pop("_generators", []):
        gen.close()


class ContextManager(RunCallable):
    """`contextlib.contextmanager(f)`: calling it makes a manager whose `with` runs f's body."""

    __slots__ = ("func",)

    def __init__(self, func: UFunc) -> None:
        self.func = func

    def __call__(self, run, args: list, kwargs: dict) -> Managed:
        return Managed(GenRun(run, self.func, args, kwargs))


class Managed:
    """What a `contextmanager` function returns: entered and left by a `with` statement."""

    __slots__ = ("gen", "used")

    def __init__(self, gen: GenRun) -> None:
        self.gen, self.used = gen, False


def make_manager(run, args: list, kwargs: dict) -> ContextManager:
    if len(args) != 1 or kwargs or type(args[0]) is not UFunc or not is_generator(args[0].node):
        raise Bail
    return ContextManager(args[0])


from codemods.analysis.script_values import GatherStop  # noqa: E402


def entered_value(manager: Managed) -> object:
    """A generator's manager entered (by `with` or an ExitStack): run up to its `yield`, whose
    value the entry hands back."""
    if manager.used:
        raise Bail  # (RuntimeError: a generator's manager is entered once)
    manager.used = True
    more, value = manager.gen.step()
    if not more:
        raise Bail  # (RuntimeError: generator didn't yield)
    return value


def managed(run, manager: Managed, target: ast.expr | None, body, env) -> None:
    """`with manager as target: body()`: the generator up to its `yield`, the body, then the rest."""
    value = entered_value(manager)
    if target is not None:
        run.store(target, value, env)
    from codemods.analysis.host_exprs import Break, Continue, Raised, Return
    from codemods.analysis.swallowing_blocks import swallowing

    own = (manager.gen.saved.get("guarded") or 0) - manager.gen.base  # (its own handlers and blocks around the `yield`)
    try:
        with swallowing(run, own > 0):  # (what they may catch ends the block quietly: swallowing_blocks.py)
            body()
    except (Break, Continue, Return):  # (not exceptions in Python: the manager leaves normally)
        _leave(manager)
        raise
    except GatherStop as stop:  # (JAX's error thrown in at the `yield`: stop_cleanups.py)
        from codemods.analysis.stop_cleanups import thrown_in
        thrown_in(run, manager, stop)
        raise
    except Raised as raised:  # (`__exit__` throws it in at the `yield`: generator_methods.py)
        if not isinstance(raised.error, Exception) or isinstance(raised.error, StopIteration):
            raise Bail from None  # (contextlib's own handling of StopIteration: not followed)
        manager.gen.thrown = raised.error
        more, _ = manager.gen.step()  # (the same exception raised again: it goes on, as does another)
        if more:
            raise Bail from None  # (RuntimeError: generator didn't stop after throw())
        return  # (the body swallowed it: `__exit__` answers True)
    _leave(manager)


def _leave(manager: Managed) -> None:
    more, _ = manager.gen.step()
    if more:
        raise Bail  # (RuntimeError: generator didn't stop)


def _tracing(run) -> tuple:
    return run.in_body, run.jitted, id(run.states) if run.states is not None else None


def _saved(run) -> dict:
    state = {name: run.__dict__.get(name) for name in _STACK}
    state["frames"] = list(run.frames)
    return state


def _restore(run, state: dict) -> None:
    for name, value in state.items():
        if name == "frames":
            run.frames[:] = value
        elif value is not None or name in run.__dict__:
            run.__dict__[name] = value


def next_item(run, args: list, fresh: bool = False) -> object:
    """`next(it)`, `next(it, default)`: a generator's next piece, or the next item of Python's own
    iterator over a list or dict the run holds (`next(iter(d.items()))`)."""
    from codemods.analysis.host_exprs import Iter

    if not 1 <= len(args) <= 2:
        raise Bail
    source = args[0]
    if type(source) is GenRun:
        more, value = source.step()
        if more:
            left_suspended(source)  # (where its last reference goes, CPython closes it: generator_methods.py)
    elif type(source) is Iter and source.live is not None and not source.used:
        try:
            more, value = True, next(source.live)
        except StopIteration:
            more, value = False, None
        except Exception:  # noqa: BLE001  (a dict changed in size while walked)
            raise Bail from None
    else:
        raise Bail
    if more:
        return value
    if len(args) == 2:
        return args[1]
    from codemods.analysis.caught_iteration_ends import iteration_end

    raise iteration_end(run, fresh, value)  # (StopIteration, where a handler around the call catches it)


def delegate(run, source: object) -> object:
    """`yield from source` in a generator's body: each item of source handed out in turn, asked for
    when the consumer asks, then the value source returned (None for a list, a tuple or a
    generator expression). The run's
    consumers only call `next`, so what `send` and `throw` would pass through never arises."""
    gen = current(run)
    if type(source) is UObj and (found := source.cls.lookup("__iter__")) is not None and type(found[1]) is UFunc:
        source = run.call(Bound(found[1], source), [], {})  # `yield from child`: its `__iter__`, a generator
        if type(source) is not GenRun:
            raise Bail
    if type(source) is GenRun:
        while True:
            more, value = source.step()
            if not more:
                return value
            gen.suspend(value)
    if type(source).__name__ == "Lazy":  # (a generator expression: each item computed as the consumer asks)
        if source.used:
            raise Bail
        source.used = True
        for value in run.produce(source):
            gen.suspend(value)
        return None
    if type(source) not in (list, tuple):
        raise Bail
    index = 0
    while index < len(source):  # (as a list's iterator walks it: items added meanwhile are reached)
        gen.suspend(source[index])
        index += 1
    return None


def drained(gen: GenRun) -> list:
    """`list(gen)`, `tuple(gen)`: every piece, in order, the body run to its end (or its exception)."""
    items = []
    while True:
        more, value = gen.step()
        if not more:
            return items
        items.append(value)


class Numbered:
    """`enumerate(gen)`: walked only by a `for` (each round asks the generator for its next piece)."""

    __slots__ = ("gen", "start")

    def __init__(self, gen: GenRun, start: int) -> None:
        self.gen, self.start = gen, start

    def __iter__(self):
        raise Bail  # (another walk of it: not modelled)

    def walk(self):
        return enumerate(self.gen.walk(), self.start)


def loop_over(run, node: ast.For, source: GenRun | Numbered, env) -> None:
    """A `for` over a generator (or `enumerate` of one): its walk is closed as the loop ends, so
    that a generator it leaves suspended is checked there (`walk`'s `finally`), not when Python
    collects the walk (where the stop would be lost)."""
    gen = source if type(source) is GenRun else source.gen
    walk = gen.walk()
    try:
        with leaving(gen):  # (JAX's error leaves it suspended: stopped_walks.py)
            run.run_loop(node, walk if type(source) is GenRun else enumerate(walk, source.start), env)
    finally:
        walk.close()


def generator_walk(name: str, args: list, kwargs: dict) -> object:
    """A builtin handed a generator object first: `list(gen)`, `tuple(gen)`, `dict(gen)`,
    `enumerate(gen[, start])`."""
    gen = args[0]
    if name in ("list", "tuple") and len(args) == 1 and not kwargs:
        items = drained(gen)
        return items if name == "list" else tuple(items)
    if name == "dict" and len(args) == 1 and not kwargs:
        from codemods.analysis.host_exprs import guard

        items = drained(gen)  # (every pair read before the dict is made, as `dict(gen)` does)
        if not all(type(pair) is tuple and len(pair) == 2 and type(pair[0]) in (str, int) for pair in items):
            raise Bail  # (a key whose own `__hash__` or `__eq__` would run: not followed here)
        return guard(dict, items)
    if name == "enumerate":
        start = args[1] if len(args) == 2 and not kwargs else kwargs.get("start", 0) if len(args) == 1 \
            and set(kwargs) <= {"start"} else None
        if type(start) is int:
            return Numbered(gen, start)
    raise Bail

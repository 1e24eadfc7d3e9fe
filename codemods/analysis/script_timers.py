"""Timers in a script run's event loop (script_asyncio.py; issue 13): a batcher that collects
requests up to a deadline, `deadline = loop.time() + timeout_s`, then
`await asyncio.wait_for(queue.get(), deadline - loop.time())` until it times out.

How long each step of the program takes is not known (a first call of a jitted function compiles
for seconds), so a timer may be due at any turn of the loop after it was armed. The run does not
guess one: at each turn of the loop while a timer is armed and other work is ready, whether it is
due now is a choice (unknown_choices.py), and the run is made again taking the other; with
nothing else ready the loop would wait for it, so it fires then. A due timer's callback runs after
the callbacks already ready, as CPython's loop appends due timers to its ready queue. A stop is
reported only when every run meets it, so it holds on every schedule the timers allow.

- `loop.time()` is an unknown float (unknown_numbers.py): a comparison of it is an unknown bool,
  a choice where it is tested (unknown_truths.py).
- `asyncio.wait_for(aw, timeout)` of one of asyncio's awaitables (a primitive's coroutine such as
  `queue.get()`, a future) is the standard library's own, given the program's timeout; one the
  run does not know (an unknown number) is taken once as positive and once as already past (a
  choice), as CPython takes these two ways apart, unless a comparison the run answered showed
  it is not at most 0 (`if left <= 0: break` before it). `None` waits without a timer.
- What is modelled is CPython 3.11's `wait_for` (under another Python the run stops there). A
  schedule on which it would return a result although its timer went off while the awaited one
  was pending stops the run: from 3.12 on the same schedule raises TimeoutError.
- At most one timer armed at once (which of two is due first is not modelled), and no timer
  beside an executor job in flight (when the job ends, relative to the timer, is not modelled):
  the run stops (Bail). Other timers (`asyncio.sleep(d)`) stop it as before.
- Except long timers (LONG_S, 10 s, or more; heldout163's `wait_for(req.future, 60.0)` per
  request): several of one delay may be armed (they fire in the order armed), and beside executor
  jobs. While callbacks are ready and the loop's own thread has traced or called nothing jitted
  since the first was armed, only the program's bookkeeping ran, far less than 10 s: none is due.
  When the loop would wait for a job, the job runs first (overlapping_jobs: followed only to a
  JAX stop), then whether its thread met the stop before the timer went off is a choice; on the
  other schedule the timer fires, the loop goes on and asyncio.run's shutdown is modelled
  (script_asyncio._shut_down). Several `wait_for`s may run at once, each with its own watch.
"""
from __future__ import annotations

import asyncio
import collections.abc
import sys
from asyncio import events

from codemods.analysis.host_objects import Bail
from codemods.analysis.unknown_choices import choose
from codemods.analysis.unknown_kinds import FLOAT
from codemods.analysis.unknown_numbers import is_number, number
from codemods.analysis.unknown_truths import positive

_PAST, _AHEAD = 0.0, 1.0  # (stand-ins for an unknown timeout: already past, or still ahead)


class _Watch:
    """One `wait_for` running: whether its timer went off while what it awaits was not done."""

    __slots__ = ("aw", "before", "early")

    def __init__(self, aw: object) -> None:
        self.aw, self.early, self.before = aw, False, False  # (before: `aw` done when this turn began)

    def pending(self, loop) -> bool:
        """When the timer's callback runs: a 3.12 `wait_for` would still be waiting. Its task
        awaits a future itself, and resumes a turn after the future ends: the future was not
        done when this turn began. A coroutine it runs inline, whose own waits end a turn before
        3.11's task of it: that task is not done yet."""
        return not self.before if isinstance(self.aw, asyncio.Future) else not _finished(loop, self.aw)


class _Timer(events.TimerHandle):
    __slots__ = ("sf_callback", "sf_delay", "sf_work")  # (the callback the program's asyncio armed, before `fire`
    # wraps it; its delay; the loop's JAX work when it was armed: _long)


def armed(loop, when: float, callback, args: tuple, context) -> events.TimerHandle:
    """`loop.call_at(...)` (asyncio's own code arms its timers so): kept aside, not scheduled."""
    loop.timers = [timer for timer in loop.timers if not timer.cancelled()]
    delay = round(when - loop.time(), 1)
    long = delay >= LONG_S and all(timer.sf_delay == delay for timer in loop.timers)
    if not long and (loop.timers or loop.jobs or loop.pending is not None):
        raise Bail
    watch = loop.__dict__.get("arming")
    loop.arming = None

    def fire(*given) -> None:
        if watch is not None and watch.pending(loop):
            watch.early = True
        callback(*given)

    timer = _Timer(when, fire, args, loop, context)
    timer.sf_callback, timer.sf_delay, timer.sf_work = callback, delay, loop_work(loop)
    loop.timers.append(timer)
    return timer


def loop_work(loop) -> int:
    """How much JAX work (bodies traced, jitted calls) the loop's own thread did so far
    (script_asyncio.RunLoop counts it around each turn; an executor job's is not the loop's)."""
    return loop.__dict__.get("work", 0)


def _long(loop) -> bool:
    """Every armed timer is long (LONG_S or more, one delay for all: they fire in the order
    armed) and the loop's thread did no JAX work since the first was armed: only the program's
    bookkeeping ran, which takes a small part of a second, so none is due while callbacks are
    ready. When the loop would wait (for an executor job), one may fire first (a choice)."""
    return all(timer.sf_delay >= LONG_S and timer.sf_work == loop_work(loop) for timer in loop.timers)


def _finished(loop, aw: object) -> bool:
    """What a `wait_for` awaits is done: the future, or the task CPython 3.11 made of the coroutine."""
    if isinstance(aw, asyncio.Future):
        return aw.done()
    return not any(task.get_coro() is aw for task in asyncio.all_tasks(loop))


def due(loop, abort) -> None:
    """At the start of a turn of the loop: whether the armed timer fires now. A timer of
    `wait_for` whose waiter is already done would do nothing: it is dropped."""
    for watch in loop.__dict__.get("watches", ()):
        watch.before = _finished(loop, watch.aw)
    loop.timers = [timer for timer in loop.timers if not timer.cancelled() and not _idle(timer)]
    if not loop.timers or loop._stopping:
        return
    if _long(loop):
        if loop._ready:
            return  # (the loop's bookkeeping: far less than the timer's delay)
        if not loop.jobs and loop.pending is None:
            loop._ready.append(loop.timers.pop(0))  # (nothing else to wait for)
            return
        from codemods.analysis import overlapping_jobs
        if loop.pending is None:
            overlapping_jobs.overlap(loop, abort)  # (the job runs beside the timer: followed only to a stop)
        if loop.jobs or loop.pending is None:
            raise abort(Bail())
        if choose(loop.run, 2, timed=True) == 0:
            overlapping_jobs.finish(loop, abort)  # (the worker met its stop before the timer went off)
        loop._ready.append(loop.timers.pop(0))  # (the timer first: the loop goes on, the job still ahead)
        return
    if loop.jobs or loop.pending is not None:
        raise Bail
    if loop._ready and choose(loop.run, 2, timed=True) == 0:
        return  # (not due yet: the first run takes the other work first)
    loop._ready.append(loop.timers.pop(0))  # (the first armed: several only of one delay, _long)


LONG_S = 10.0  # (a timer this long is not due while only the loop's bookkeeping ran since it was armed)


def _idle(timer: events.TimerHandle) -> bool:
    """A timer that can change nothing: asyncio's own `_release_waiter` of a waiter already done."""
    callback, args = timer.sf_callback, timer._args
    return getattr(callback, "__module__", None) == "asyncio.tasks" and getattr(callback, "__name__", None) == \
        "_release_waiter" and len(args) == 1 and isinstance(args[0], asyncio.Future) and args[0].done()


def loop_time(run) -> object:
    """`loop.time()`: a float the run does not know."""
    return number(run, FLOAT)


def wait_for(run, args: list, kwargs: dict) -> object:
    """`asyncio.wait_for(aw, timeout)`: CPython's own coroutine, awaited as asyncio's others are."""
    given = dict(zip(("fut", "timeout"), args), **kwargs)
    if len(args) > 2 or set(given) != {"fut", "timeout"} or len(given) != len(args) + len(kwargs):
        raise Bail
    aw, timeout = given["fut"], given["timeout"]
    from codemods.analysis.script_asyncio import Bridge, CoroRun, _bind

    if sys.version_info[:2] != (3, 11):
        raise Bail  # (what this models is 3.11's wait_for: a task of its own for a coroutine)
    if type(aw) is CoroRun:
        aw = _own_task(run, aw, timeout)
        if type(aw) is CoroRun:
            return aw  # (no timeout: 3.11's `wait_for` is `await aw`)
    if not isinstance(aw, (asyncio.Future, collections.abc.Coroutine)) or type(aw) is Bridge:
        raise Bail
    if timeout is not None and type(timeout) not in (int, float):
        if not is_number(run, timeout):
            raise Bail
        timeout = _AHEAD if positive(run, timeout) else (_AHEAD, _PAST)[choose(run, 2, timed=True)]
    _bind(run)
    return _watched(run._loop, aw, timeout)


def _own_task(run, coro, timeout) -> object:
    """A coroutine of the program given to `wait_for`, awaited right away (so nothing runs
    between the call and the await): 3.11's `wait_for` awaits it inline without a timeout, and
    otherwise wraps it in a task at once (`ensure_future`), cancelled when the timer goes off
    (Bridge.throw: CPython's cancellation). The task's exception is raised in the awaiter."""
    from codemods.analysis import task_errors
    from codemods.analysis.script_asyncio import Bridge, _bind

    if run.__dict__.get("_awaited_call") is not run.node:
        raise Bail  # (the wait_for coroutine kept, or handed on: its task starts later)
    if timeout is None:
        return coro
    _bind(run)
    bridge = Bridge(coro)
    bridge.carries = task_errors.passes_on(run)
    task = run._loop.create_task(bridge)
    task._log_destroy_pending = False
    task_errors.made(run, task, bridge)
    task_errors.consumed(run, [task])
    return task


async def _watched(loop, aw: object, timeout) -> object:
    """CPython's `wait_for(aw, timeout)`. One whose timer went off while `aw` was still pending
    and that then returns `aw`'s result stops the run: 3.11 returns it when `aw` ended before
    `wait_for` resumed, but from 3.12 on the timer cancels the awaiting task itself, and the
    same schedule raises TimeoutError."""
    watch = loop.arming = _Watch(aw)  # (the timer `wait_for` arms now, armed, keeps it)
    watches = loop.__dict__.setdefault("watches", [])
    watches.append(watch)
    try:
        result = await asyncio.wait_for(aw, timeout)
    finally:
        loop.arming = None
        watches.remove(watch)
    if watch.early:
        raise Bail
    return result

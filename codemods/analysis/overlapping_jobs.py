"""Executor jobs in flight while the loop runs other work (script_asyncio.py; issue 13).

A service hands its compute to `loop.run_in_executor(None, f, *args)` from each request handler:
with several requests gathered, a job runs on a worker thread while the loop steps the other
handlers, which submit jobs of their own. When a job finishes, and so when its submitter resumes,
is not known. One outcome is known all the same: a job whose trace meets an operation JAX rejects
raises there, whenever it runs, provided what it reads is the same whenever it runs.

So when a job would run beside other work, the run runs the oldest job then, on a state it
checks is the one the job was submitted on (its function, its arguments and the module's globals,
every object reachable from them, hold what they held: retraced_bodies.snapshot):
- a job that finishes (a result, or an exception the program sees) stops the run (Bail): when its
  result reaches the submitter, relative to the other work, is not known;
- a job that meets a rejected operation (a stop) and changed nothing it reads is the finding,
  once the rest of its window is seen: its future never settles (the submitter waits), the loop
  runs all else it can, each other job in flight is run the same way (and must stop too: a job
  finishing in that window stops the run), and what the first job read must stay as it was at
  every turn of the loop, until the loop has nothing left but the job (or the main task ends:
  asyncio.run waits for the executor's threads). A JAX trace that raised caches nothing, so a job
  of the same jitted function traces it anew.
Anything else (a stop first met by a later job while the first finished) stops the run as before.
"""
from __future__ import annotations

import asyncio

from codemods.analysis.host_objects import Bail
from codemods.analysis.retraced_bodies import snapshot, unchanged
from codemods.analysis.script_values import GatherStop


def submitted(run, job, roots: list) -> None:
    """Note what a new job reads (taken now: the state it was submitted on). asyncio's own
    objects (the loop, its queues, locks, events, futures) change at every turn; a job never
    reads them: one that touches one on its worker thread stops the run
    (script_async_objects.primitive_attribute)."""
    job.before = snapshot(roots, _ASYNCIO)


_ASYNCIO = (asyncio.AbstractEventLoop, asyncio.Queue, asyncio.Lock, asyncio.Semaphore, asyncio.Event, asyncio.Future,
            asyncio.TaskGroup)


def overlap(loop, abort) -> None:
    """A turn of `loop` with a job in flight beside other work (or beside another job)."""
    if loop.pending is None:
        _probe(loop, loop.jobs.pop(0), abort, first=True)
        return
    while loop.jobs:
        _probe(loop, loop.jobs.pop(0), abort, first=False)


def watch(loop, abort) -> None:
    """Each turn while a job's stop waits: what it read is as it was; with nothing left, the stop."""
    if loop.pending is None:
        return
    if not unchanged(loop.pending[1]):
        raise abort(Bail())
    if loop.jobs:
        overlap(loop, abort)
    if not loop._ready and not loop._scheduled and not loop.jobs:
        raise abort(loop.pending[0])


def finish(loop, abort) -> None:
    """The main task ended with a job's stop waiting: the executor's thread still meets it."""
    if loop.pending is not None:
        if not unchanged(loop.pending[1]):
            raise abort(Bail())
        raise abort(loop.pending[0])


def _probe(loop, job, abort, first: bool) -> None:
    run = loop.run
    before = getattr(job, "before", None)
    if before is None or not unchanged(before):
        raise abort(Bail())  # (what it reads changed since it was submitted)
    traced = set(run.traced)
    calls = {key: len(held[1]) for key, held in run.__dict__.get("jit_calls", {}).items()}
    try:
        job()
    except abort as stopped:
        error = stopped.error
        if not isinstance(error, GatherStop) or isinstance(error, Bail) or not unchanged(before):
            raise
        for key in set(run.traced) - traced:  # (a trace that raised is not cached: the next call traces again)
            del run.traced[key]
        jit_calls = run.__dict__.get("jit_calls", {})
        for key in list(jit_calls):
            if key in calls:
                del jit_calls[key][1][calls[key]:]
            else:
                del jit_calls[key]
        if first:
            loop.pending = (error, before)
        return
    raise abort(Bail())  # (it finished: when its result arrives, relative to the rest, is not known)

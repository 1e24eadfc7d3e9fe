"""Where an asyncio task's exception goes, in a script run (script_asyncio.py; issue 13).

A step of unknown outcome in a task's coroutine (an `assert` on the device count, a guard clause,
an unchecked JAX call: passed_steps.py) is passed only where its exception, had it been raised,
would end the program. A task's exception stays in the task until something awaits it: `await
task` and `asyncio.gather(...)` raise it in their awaiter, which goes on carrying it out (its
own task, up to `asyncio.run`'s, whose exception leaves the loop); `gather(...,
return_exceptions=True)` hands it back as a value, and a task nobody awaits only logs it. A task
carries its exception on once a consumer that does is known: `asyncio.run`'s own task, a
coroutine gathered (without return_exceptions), a task awaited or gathered by a task that carries
its exception on (its awaiter's handlers, held in the run's shared `catching` while it waits, are
still read). An awaiter under a handler or a swallowing block of its own (a `try` around the `await`,
the `gather` or the `async with TaskGroup()`, `except*`, a `suppress`) may catch the task's exception
and go on: its tasks then do not carry, so a step passed in them on faith stops the run. A step passed in a task not (yet) known to carry is noted (`faith`); a stop met in
another task while such a task still does not carry, or the loop's end with one, stops the run
(Bail): had the step raised, the program might have gone on. A stop in the task itself comes
after its step, which it then passed. Form nla11 (gather's return_exceptions).
"""
from __future__ import annotations


def carrying(run) -> bool:
    """The code running now belongs to a task whose exception leaves the loop."""
    return bool(run.__dict__.get("_task_carries", False))


def passes_on(run) -> bool:
    """What the code running now meets leaves the loop: its task carries, and no handler or
    block that may swallow is around it (`guarded` counts this coroutine's own)."""
    return carrying(run) and not getattr(run, "guarded", 0)


def made(run, task: object, bridge: object) -> object:
    """A task made for `bridge` (kept with it so an awaiter can find it)."""
    run.__dict__.setdefault("_task_bridges", {})[id(task)] = (task, bridge)
    return task


def consumed(run, values, swallowed: bool = False) -> None:
    """`await task` / `gather(*tasks)` by the code running now: the tasks' exceptions go on
    where this code's would (unless `swallowed`: return_exceptions)."""
    if swallowed or not passes_on(run):
        return
    bridges = run.__dict__.get("_task_bridges", {})
    for value in values:
        found = bridges.get(id(value))
        if found is not None and found[0] is value:
            found[1].carries = True


def faith(run) -> None:
    """A step of unknown outcome was passed here (passed_steps.py and the like)."""
    bridge = run.__dict__.get("_task_bridge")
    if bridge is not None and not bridge.carries:
        run.__dict__.setdefault("_task_faith", []).append(bridge)


def doubtful(run, here: object = None) -> bool:
    """Some task other than `here` passed a step and does not carry its exception on."""
    return any(bridge is not here and not bridge.carries for bridge in run.__dict__.get("_task_faith", ()))

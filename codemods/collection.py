"""When the cycle collector runs in a command-line run (issue 16).

A checked file left its syntax tree and its analysis as cyclic garbage (the analysis's objects
refer to one another and to the tree), which only the collector frees; its passes over a
5,000-line file's 100,000 objects were a fifth of the CPU of a `check` of jax's
shard_map_test.py. The engine now drops those caches when a file's findings are made
(release.py), which frees all but a few thousand objects a file at once; the collector still
finds the rest, and a fix round's trees. A `check`, `diff` or `apply` process ends soon after its last file, and the
operating system takes its memory back at once: so in such a run the garbage waits until it
passes a budget (then one collection, before the next file), and what is left at the end is
never traversed. Only the console command's own process defers, and only for a run of files: a
library caller (`process_source`, the CLI run inside another program, as the tests do) or the
language server never does.
"""
from __future__ import annotations

import gc

# Objects allocated and not freed since the last collection (`gc.get_count()[0]`) past which the
# next file collects first: about 11 MB. A checked 5,000-line file leaves some 5,000 objects
# (release.py); a fixed one some 100,000 (its rounds' trees).
YOUNG_BUDGET = 100_000

_console_process = False
_deferred = False
# The context of the file checked last, in a deferred run: released when the next file starts.
_held: object = None


def console_process() -> None:
    """This process is the console command's: it exits when the command is done."""
    global _console_process
    _console_process = True


def console_process_running() -> bool:
    return _console_process


def defer() -> None:
    """In the console command's process, for the rest of it (it exits when its files are done):
    no collection but the budget's, none at exit. Forked workers inherit it."""
    global _deferred
    if _console_process:
        _deferred = True
        gc.disable()


def deferred() -> bool:
    return _deferred


def hold(ctx) -> bool:
    """In a deferred run, a checked file's context (its tree and analysis) is let go of when the
    next file starts, not at once: the run's last one is then never taken apart, a saving of
    about 15 ms per 5,000-line file (whole-process CPU) at no cost in peak memory. False
    elsewhere: the caller releases it now."""
    global _held
    if not _deferred:
        return False
    _release_held()
    _held = ctx
    return True


def _release_held() -> None:
    global _held
    if _held is not None:
        from codemods.release import release_context

        ctx, _held = _held, None
        release_context(ctx)


def before_file() -> None:
    """A file is about to be parsed: collect first when the garbage passed the budget. (Asked
    before a file, not after one: the garbage of a run's last files is never traversed.)"""
    _release_held()
    if _deferred and gc.get_count()[0] > YOUNG_BUDGET:
        gc.collect(1)


def after_file() -> None:
    if _deferred:
        gc.disable()  # a fix loop runs with the collector on (each round drops a whole tree)


def leave() -> None:
    """The console command is done and its process exits. The interpreter's exit runs one full
    collection even with the collector off, traversing every object left (the last files'
    garbage, the decoded tables, every module): a fortieth of a `check` of four 5,000-line
    files. Those objects are frozen instead, which that collection skips; the exit still runs
    the atexit handlers, flushes the streams and clears the modules. (Garbage in a cycle is then
    never finalized: the command closes every file it opens itself.)

    The last file's context, still held, is kept alive by a cycle of its own: clearing this
    module at exit would otherwise take it apart object by object."""
    global _held
    if _deferred:
        if _held is not None:
            keep: list = [_held]
            keep.append(keep)
            _held = None
        gc.freeze()

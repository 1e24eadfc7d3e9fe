"""When the cycle collector runs in a command-line run (issue 16).

A checked file leaves its syntax tree and its analysis as cyclic garbage (the analysis's objects
refer to one another and to the tree), which only the collector frees; its pass over a
5,000-line file's 90,000 objects cost a fifth of a `check` of jax's shard_map_test.py (CPU).
A `check`, `diff` or `apply` process ends soon after its last file, and the operating system
takes its memory back at once: so in such a run the garbage waits until it passes a budget
(then one collection), and whatever is left at the end is never traversed. Only the console
command's own process defers, and only for a run of files: a library caller (`process_source`,
the CLI run inside another program, as the tests do) or the language server never does.
"""
from __future__ import annotations

import gc

# Objects allocated and not freed since the last collection (`gc.get_count()[0]`) past which the
# end of a file collects: about 45 MB (a 5,000-line file leaves some 90,000 objects, 10 MB).
YOUNG_BUDGET = 400_000

_console_process = False
_deferred = False


def console_process() -> None:
    """This process is the console command's: it exits when the command is done."""
    global _console_process
    _console_process = True


def defer() -> None:
    """In the console command's process, for the rest of it (it exits when its files are done):
    no collection but the budget's, none at exit. Forked workers inherit it."""
    global _deferred
    if _console_process:
        _deferred = True
        gc.disable()


def deferred() -> bool:
    return _deferred


def after_file() -> None:
    """A file is done: collect when the garbage passed the budget, otherwise leave it."""
    if not _deferred:
        return
    gc.disable()  # a fix loop runs with the collector on (each round drops a whole tree)
    if gc.get_count()[0] > YOUNG_BUDGET:
        gc.collect(1)

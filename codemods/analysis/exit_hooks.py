"""`atexit.register(undo_env_defaults)` in a script run (script_run.py; issue 13).

A job registers its clean-up (putting back the environment defaults it set, closing sinks) to
run when the interpreter exits. Python calls those functions only after the main module has
finished, or after an uncaught exception's traceback is printed: nothing the run follows up to a
stop comes after them, so registering is the call's whole effect the run needs. `register`
returns the function it was given (it is used as a decorator too), `unregister` returns None.
"""
from __future__ import annotations

from codemods.analysis.host_objects import Bail


def _register(run, args: list, kwargs: dict) -> object:
    if not args:
        raise Bail  # (TypeError)
    return args[0]


def _unregister(run, args: list, kwargs: dict) -> None:
    if len(args) != 1 or kwargs:
        raise Bail
    return None


LIBRARY = {"atexit.register": _register, "atexit.unregister": _unregister}

"""`atexit.register(undo_env_defaults)` in a script run (script_run.py; issue 13).

A job registers its clean-up (putting back the environment defaults it set, closing sinks) to
run when the interpreter exits. Python calls those functions only after the main module has
finished, or after an uncaught exception's traceback is printed: nothing the run follows up to a
stop comes after them, so registering is the call's whole effect the run needs. `register`
returns the function it was given (it is used as a decorator too), `unregister` returns None.
A handler installed by `signal.signal(signal.SIGTERM, on_term)` runs only when the process gets
that signal from outside, which a run of the program alone never does: installing it returns the
handler before (unknown to the run) and raises nothing for a signal the module names, in the
main thread. A watchdog's SIGALRM handler is one of these: besides a signal sent from outside,
SIGALRM comes only from a timer the process itself sets (`signal.alarm(n)`, `signal.setitimer`),
and the run stops at any such call (not modelled), so a run that goes on has set none.
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


_SIGNALS = frozenset({"signal.SIGTERM", "signal.SIGINT", "signal.SIGHUP", "signal.SIGUSR1", "signal.SIGUSR2",
                      "signal.SIGQUIT", "signal.SIGALRM"})


def _signal(run, args: list, kwargs: dict) -> object:
    from codemods.analysis.script_values import Lib, Opaque

    if len(args) != 2 or kwargs or type(args[0]) is not Lib or args[0].name not in _SIGNALS or run.__dict__.get("_threads"):
        raise Bail  # (another signal, a number, or a thread that is not the main one: ValueError)
    return Opaque()


LIBRARY = {"atexit.register": _register, "atexit.unregister": _unregister, "signal.signal": _signal}

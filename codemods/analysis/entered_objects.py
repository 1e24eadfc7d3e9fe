"""`with obj:` on an instance of a module class in a script run (script_run.py; issue 13).

A click-style context is its own context manager: `with ctx:` pushes it on a class-level stack
in `__enter__` (what `get_current_context()` reads) and pops it in `__exit__`, so a command
callback run inside the block sees its own context. What CPython 3.11 does for `with m as t:`:
`type(m).__enter__` and `type(m).__exit__` are looked up on the class (an instance attribute of
that name is ignored), `__enter__()` is called and its result bound to t, the body runs, and
`__exit__` is called with `(None, None, None)` when the body ends, or returns, breaks or
continues out of the block; when it raises, with the exception's type, the exception and its
traceback, and a true result swallows it (JAX's error at a stop too: caught_stops.py). Kept to what the run knows for certain: both methods
plain defs of the class; a traceback is unknown to the run (an `__exit__` that looks at it
gets an unknown); a result of `__exit__` that is not None or a bool after an exception stops
the run (Bail).
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Break, Continue, Raised, Return
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Bound, GatherStop, Opaque, UFunc, UObj


def enters(value: object) -> bool:
    from codemods.analysis.library_contexts import LibraryContext

    return type(value) is UObj and value.cls.lookup("__enter__") is not None or isinstance(value, LibraryContext)


def _method(manager: UObj, name: str) -> Bound:
    found = manager.cls.lookup(name)
    if found is None or type(found[1]) is not UFunc:
        raise Bail  # (missing: TypeError; a staticmethod or a descriptor: not followed)
    return Bound(found[1], manager)


def enter(run, manager: object, target, body, env) -> None:
    """`with manager as target: body()`: a module class's instance, a generator's manager
    (script_generators.py) or a file (temp_texts.py)."""
    from codemods.analysis.caught_stops import uncleaned
    from codemods.analysis.script_generators import Managed, managed
    from codemods.analysis.temp_texts import with_file

    from codemods.analysis.library_contexts import LibraryContext

    if type(manager) is UObj:
        return with_object(run, manager, target, body, env)
    if isinstance(manager, LibraryContext):  # (contextlib's: library_contexts.py)
        return manager.run_with(run, target, body, env)
    if type(manager) is Managed:
        return managed(run, manager, target, body, env)  # (a stop throws in at the `yield`: stop_cleanups.py)
    with uncleaned():  # (a stop leaves it without its exit: caught_stops.py)
        return with_file(run, manager, target, body, env)


def with_object(run, manager: UObj, target, body, env) -> None:
    enter, leave = _method(manager, "__enter__"), _method(manager, "__exit__")
    value = run.call(enter, [], {})
    if target is not None:
        run.store(target, value, env)
    from codemods.analysis.swallowing_blocks import exit_may_swallow, swallowing

    try:
        with swallowing(run, exit_may_swallow(leave.func.node)):  # (swallowing_blocks.py)
            body()
    except (Break, Continue, Return):  # (not exceptions: the block is left normally)
        run.call(leave, [None, None, None], {})
        raise
    except GatherStop as stop:  # (JAX's error leaves the block: `__exit__` sees it, and must let it go)
        from codemods.analysis.caught_stops import StopError
        from codemods.analysis.stopped_walks import closed_generator

        if closed_generator(stop):
            raise Bail from None  # (a generator's clean-up ran first: stopped_walks.py)
        if run.call(leave, [Opaque(), StopError(stop), Opaque()], {}) not in (None, False):
            raise Bail from None
        raise
    except Raised as raised:
        from codemods.analysis.caught_stops import exit_type

        error = raised.error
        kind = error.cls if type(error) is UObj else exit_type(error)
        if type(error) is not UObj and not isinstance(error, BaseException):
            raise Bail from None
        swallowed = run.call(leave, [kind, error, Opaque()], {})
        if swallowed is not None and type(swallowed) is not bool:
            raise Bail from None
        if swallowed:
            return
        raise
    run.call(leave, [None, None, None], {})

"""A `contextlib.contextmanager` function's manager entered on an ExitStack (library_contexts.py;
issue 13).

Pipeline helpers stack their scopes: `stack.enter_context(profiled(log, tag))` beside the mesh,
the stack entered by `with` later. CPython 3.11's contextlib: `enter_context(cm)` calls
`cm.__enter__()` now (the generator runs to its first `yield`, whose value it returns: a manager
entered once, a generator that does not yield raises RuntimeError) and pushes `cm.__exit__`;
when the stack's block ends quietly or `close()` is called, exits run last-pushed first, and
the generator's `__exit__(None, None, None)` resumes it, which must then finish (another `yield`
raises RuntimeError). When JAX's error at a stop leaves the block, each exit is told of it: a
mesh's exit puts the old mesh back, a generator's throws the error in at its `yield`
(stop_cleanups.thrown_in: the stop stays certain only if the generator lets the same error go);
an exit of any other kind stops the run as before.

A generator suspended at a `yield` inside a `try` or `with` is closed by CPython when its last
reference goes, running that code at a point the run does not follow (generator_methods.py): the
stack holds it through the exit it pushed, so it is marked unclosed while the stack is not
entered by a `with`, and known alive from the moment one enters the stack (an object the program
can enter was never freed: CPython frees nothing that is still reachable) until the stack's exits
run.
"""
from __future__ import annotations

from codemods.analysis.generator_methods import unclosed_generators, left_suspended
from codemods.analysis.host_objects import Bail


def entered(run, stack, manager) -> object:
    """`stack.enter_context(manager)`: the generator up to its `yield`, its exit pushed."""
    from codemods.analysis.script_generators import entered_value

    value = entered_value(manager)
    stack.exits.append(("managed", manager, (), {}))
    if (manager.gen.saved.get("guarded") or 0) - manager.gen.base > 0:
        stack.swallowing += 1  # (its own handlers around the `yield` may swallow what the block raises)
        run.guarded += 1
    if stack.base is None:
        left_suspended(manager.gen)  # (held only by a stack no `with` holds: module docstring)
    return value


def left(run, manager) -> None:
    """The generator's exit told nothing went wrong: it runs on and must finish."""
    more, _ = manager.gen.step()
    if more:
        raise Bail  # (RuntimeError: generator didn't stop)


def kept(run, stack) -> None:
    """A `with` enters the stack: the generators its exits hold were never closed, nor are until
    its exits run."""
    for kind, first, *_ in stack.exits:
        if kind == "managed":
            unclosed_generators(run).pop(id(first.gen), None)


def unwound(run, stack, stop) -> bool:
    """JAX's error at a stop leaves the stack's block: its exits run as Python runs them; False
    (nothing run) when one of them is of a kind not read here."""
    from codemods.analysis.library_contexts import release_mesh
    from codemods.analysis.stop_cleanups import thrown_in

    if any(kind not in ("mesh", "managed") for kind, *_ in stack.exits):
        return False
    while stack.exits:
        kind, first, rest, _ = stack.exits.pop()
        if kind == "managed":
            thrown_in(run, first, stop)  # (Bail where it swallows the error: stop_cleanups.py)
            continue
        if not run.contexts or run.contexts[-1] is not first:
            raise Bail  # (contexts left out of order)
        if rest:
            release_mesh(run, rest)
        run.contexts.pop()
    return True

"""`next(it)` and `next(it, default)` in a script run (script_run.py; issue 13).

Config code reads the one key of a one-entry dict with `next(iter(d.items()))` (a Hydra-style
defaults list `[{"model": "mlp"}, {"loss": "ntk"}]`), or the first match with
`next(x for x in xs if ...)`. An iterator the run made (host_exprs.Iter) holds its items as they
were when it was made, which is certain only within the statement that made it (Iter.take says
the same for a whole pass): `next` there hands out the first item still held and keeps the rest
for whatever reads the iterator later in that statement. An iterator over a list or dict of the
run (`iter(options)`) walks it with Python's own iterator (its `live` one), exact in any statement.
An exhausted iterator gives the default, or raises StopIteration, which the run hands to the
program only where a `try` around the call certainly catches it (caught_iteration_ends.py; else Bail). A generator expression (Lazy) is pulled one item at a time, so the rest of its items
never run (`next(build(mesh, x, axes) for axes in CANDIDATES)` traces the first candidate only).
"""
from __future__ import annotations

from codemods.analysis.host_exprs import Iter
from codemods.analysis.host_objects import Bail
from codemods.analysis.script_values import Lazy

_NO_DEFAULT = object()


def next_item(run, args: list, kwargs: dict) -> object:
    """What `next(*args)` gives where the run is now."""
    from codemods.analysis.caught_iteration_ends import consume_fresh

    fresh = consume_fresh(run)  # (written as the call's own callee: caught_iteration_ends.py)
    if kwargs or len(args) not in (1, 2):
        raise Bail
    if type(args[0]) is Lazy:
        return _pulled(run, args[0], args[1] if len(args) == 2 else _NO_DEFAULT, fresh)
    from codemods.analysis.script_generators import GenRun, next_item as generated

    if type(args[0]) is GenRun:  # a generator function's next piece (script_generators.py)
        return generated(run, args, fresh)
    if type(args[0]).__name__ == "UObj":  # an iterator object's own `__next__` (protocol_iterators.py)
        from codemods.analysis.protocol_iterators import next_of

        return next_of(run, args[0], args[1] if len(args) == 2 else None, len(args) == 2)
    if type(args[0]) is not Iter:
        raise Bail
    statement = run.statements
    it = args[0]
    default = args[1] if len(args) == 2 else _NO_DEFAULT
    if it.used:
        raise Bail
    if it.live is not None:  # Python's own iterator over the run's list or dict: exact at any statement
        try:
            found = next(it.live)
        except StopIteration:
            found = default
        except Exception:  # noqa: BLE001 (a dict changed in size while it was walked)
            raise Bail from None
        if found is _NO_DEFAULT:
            raise _end(run, fresh)
        if it.made == statement and it.items and it.items[0] is found:
            it.items = it.items[1:]  # (kept in step for a pass later in this statement)
        else:
            it.made = -1  # (a pass over it, which reads the items held, stops the run: take())
        return found
    if it.made != statement:
        raise Bail  # (read in a later statement: what it walks may have changed since)
    if not it.items:
        if default is _NO_DEFAULT:
            raise _end(run, fresh)
        return default
    first, it.items = it.items[0], it.items[1:]
    return first


def _end(run, fresh: bool):
    from codemods.analysis.caught_iteration_ends import iteration_end

    return iteration_end(run, fresh)  # (StopIteration, where a handler around the call catches it)


def _pulled(run, lazy: Lazy, default: object, fresh: bool) -> object:
    pulling = run.__dict__.setdefault("_pulling", {})
    held = pulling.get(id(lazy))
    if held is None:
        if lazy.used:
            raise Bail
        lazy.used = True
        # (the generator is kept with its Lazy, so the id is never reused while it is pulled)
        held = pulling[id(lazy)] = (lazy, run.produce(lazy))
    try:
        return next(held[1])
    except StopIteration:
        if default is _NO_DEFAULT:
            raise _end(run, fresh) from None
        return default

